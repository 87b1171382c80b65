import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './route-access.ts';

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SK Tanaw API',
        description: 'Project monitoring and budget planning for Sangguniang Kabataan councils.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      // Upload routes read their multipart body as a stream (no body schema); still document
      // that they take multipart/form-data, so the OpenAPI document lists every body (the fuzz
      // tests find upload routes this way).
      const consumes: unknown = input.schema.consumes;
      if (
        Array.isArray(consumes) &&
        consumes.includes('multipart/form-data') &&
        !('body' in output.schema)
      ) {
        return {
          ...output,
          schema: {
            ...output.schema,
            body: { type: 'object', description: 'multipart/form-data: text fields and a file' },
          },
        };
      }
      return output;
    },
  });
  // The documentation pages and the OpenAPI document are public (plugins/route-access.ts).
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  });
}
