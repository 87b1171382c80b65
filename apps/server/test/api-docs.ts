import type { FastifyInstance } from 'fastify';

/** A parameter as the OpenAPI document describes it. */
export interface DocumentedParameter {
  name: string;
  in: string;
  schema: { enum?: string[] };
}

/**
 * How the OpenAPI document (GET /api/docs/json) describes the parameter `name` of each operation:
 * a look-up by method and path, undefined where the operation or the parameter is missing.
 */
export async function documentedParameter(
  app: FastifyInstance,
  name: string,
): Promise<(method: 'get' | 'post', path: string) => DocumentedParameter | undefined> {
  const r = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = r.json<{
    paths: Record<string, Record<string, { parameters?: DocumentedParameter[] }>>;
  }>();
  return (method, path) => doc.paths[path]?.[method]?.parameters?.find((p) => p.name === name);
}
