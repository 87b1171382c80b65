import { join } from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin as RolldownPlugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import {
  stripEndpointSchemas,
  stripEndpointSchemasPlugin,
} from '../vite-plugins/strip-endpoint-schemas.ts';

const TERMS = join(import.meta.dirname, '../../../packages/contract/src/terms.ts');

/** Bundles an entry that names one endpoint's path, as a page's API function does. */
async function bundleTermsEndpoint(plugins: RolldownPlugin[]): Promise<string> {
  const bundle = await rolldown({
    input: 'entry',
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? id : null),
        load: (id) =>
          id === 'entry'
            ? `import { currentTermEndpoint } from ${JSON.stringify(TERMS)};\n` +
              'console.log(currentTermEndpoint.method, currentTermEndpoint.path);'
            : null,
      },
      ...plugins,
    ],
    // As the web build: the contract's modules free of side effects, packages as they declare.
    treeshake: {
      moduleSideEffects: (id: string) => (id.includes('/packages/contract/') ? false : undefined),
    },
    logLevel: 'silent',
  });
  const { output } = await bundle.generate({ format: 'esm', minify: true });
  await bundle.close();
  return output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

describe('stripEndpointSchemas', () => {
  it("replaces an endpoint definition's schemas and keeps its method and path", () => {
    const code = [
      "import { z } from 'zod';",
      "export const getThing = defineEndpoint({ method: 'GET', path: '/api/thing/:id',",
      '  query: Query, body: z.object({ a: z.string() }), response: z.object({ ok: z.literal(true) }) });',
    ].join('\n');
    const out = stripEndpointSchemas(code) ?? '';
    expect(out).toContain("method: 'GET', path: '/api/thing/:id'");
    expect(out).toContain('query: void 0, body: void 0, response: void 0');
    expect(out).not.toContain('z.object');
  });

  it('builds each top-level value in a pure function call, and leaves plain values alone', () => {
    const code = [
      'const Schema = z.object({ a: helper(3) }).refine(check);',
      "export const LIST = ['a', 'b'];",
      'export const LIMIT = 5;',
      'export const alias = Schema;',
      'const later = await load();',
    ].join('\n');
    const out = stripEndpointSchemas(code) ?? '';
    expect(out).toContain(
      'const Schema = /* @__PURE__ */ (() => (z.object({ a: helper(3) }).refine(check)))();',
    );
    expect(out).toContain("export const LIST = /* @__PURE__ */ (() => (['a', 'b']))();");
    expect(out).toContain('export const LIMIT = 5;');
    expect(out).toContain('export const alias = Schema;');
    expect(out).toContain('const later = await load();');
  });

  it('answers null for a module with nothing to change', () => {
    expect(stripEndpointSchemas('export function f(a) {\n  return a + 1;\n}\n')).toBeNull();
  });

  it("takes zod out of a bundle that only uses an endpoint's path", async () => {
    const plugin = stripEndpointSchemasPlugin() as unknown as RolldownPlugin;
    const without = await bundleTermsEndpoint([]);
    const stripped = await bundleTermsEndpoint([plugin]);
    // Without the plugin the endpoint's response schema brings zod's classes along.
    expect(without).toMatch(/ZodObject/);
    expect(stripped).not.toMatch(/ZodObject|zod\/v4/);
    expect(stripped).toContain('/api/terms/current');
    expect(stripped.length).toBeLessThan(without.length / 10);
  });
});
