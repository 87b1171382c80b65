import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API: method, path (with `:param` placeholders) and the schemas of what goes in
 * and what comes back. Server routes register these schemas; the web app's API functions are
 * typed from them, so no request or response type is declared twice.
 */
export interface Endpoint<
  Res extends z.ZodType = z.ZodType,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  response: Res;
  body?: Body;
  query?: Query;
}

export function defineEndpoint<
  Res extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<Res, Body, Query>): Endpoint<Res, Body, Query> {
  return endpoint;
}

/** What an endpoint answers on success. */
export type EndpointResponse<E> = E extends Endpoint<infer Res> ? z.output<Res> : never;
/** The JSON body an endpoint takes. */
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType, infer Body>
    ? Body extends z.ZodType
      ? z.input<Body>
      : never
    : never;
/** The query string an endpoint takes. */
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType, z.ZodType | undefined, infer Query>
    ? Query extends z.ZodType
      ? z.input<Query>
      : never
    : never;

/** Fills `:name` placeholders of an endpoint path, each value URL-encoded. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`Missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
