import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from '../src/plugins/errors.ts';

// A refused request answers one sentence. A contract's own sentence is shown as written (even one
// starting "Invalid ...", like the spec's e-mail domain refusal); only zod's default words get
// the field's name in front, since they do not name it themselves.

describe('validation messages', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandler(app);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/check',
      {
        schema: {
          body: z.object({
            emailAddress: z.string().superRefine((value, ctx) => {
              if (!value.endsWith('@gmail.com')) {
                ctx.addIssue({ code: 'custom', message: 'Invalid email domain. Only @gmail.com.' });
              }
            }),
            code: z
              .string()
              .regex(/^[0-9]+$/, 'Invalid code: digits only.')
              .optional(),
            count: z.number().optional(),
          }),
        },
      },
      () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const message = async (payload: object) =>
    (await app.inject({ method: 'POST', url: '/check', payload })).json<{ message: string }>()
      .message;

  it('shows a refinement’s and a pattern’s own sentence without the field name', async () => {
    expect(await message({ emailAddress: 'a@naga.gov.ph' })).toBe(
      'Invalid email domain. Only @gmail.com.',
    );
    expect(await message({ emailAddress: 'a@gmail.com', code: 'x' })).toBe(
      'Invalid code: digits only.',
    );
  });

  it('names the field before zod’s default words', async () => {
    expect(await message({ emailAddress: 'a@gmail.com', count: 'many' })).toMatch(
      /^count: Invalid/,
    );
    expect(await message({})).toBe('emailAddress is required');
  });
});
