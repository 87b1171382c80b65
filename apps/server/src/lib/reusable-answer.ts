// Answers that services cache and hand out again unchanged (forecasts, analyses, raw-data pages
// keyed on the data version, project lists) are checked against their response schema and turned
// into JSON once, not on every request: the route's serializer keeps the encoded bytes per answer
// object (Fastify sends a Buffer as it is, where a string is measured and encoded on every send).
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

const reusable = new WeakSet<object>();

/**
 * Marks a cached answer as reusable. The caller promises never to change it afterwards (it is
 * shared by every request that gets it anyway); its JSON is then made once per route.
 */
export function reusableAnswer<T extends object>(answer: T): T {
  reusable.add(answer);
  return answer;
}

/** Wraps a serializer compiler so each route keeps the JSON of reusable answers it has sent. */
export function memoisingSerializer<T>(
  compile: FastifySerializerCompiler<T>,
): FastifySerializerCompiler<T> {
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    const encoded = new WeakMap<object, Buffer>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !reusable.has(data)) {
        return serialize(data);
      }
      let bytes = encoded.get(data);
      if (bytes === undefined) {
        bytes = Buffer.from(serialize(data));
        encoded.set(data, bytes);
      }
      // Fastify's type says string; its reply sends a Buffer payload unchanged.
      return bytes as unknown as string;
    };
  };
}
