// Answers that services cache and hand out again unchanged (forecasts, analyses, raw-data pages
// keyed on the data version) are checked against their response schema and turned into JSON
// once, not on every request: the route's serializer keeps the text per answer object.
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
    const texts = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !reusable.has(data)) {
        return serialize(data);
      }
      let text = texts.get(data);
      if (text === undefined) {
        text = serialize(data);
        texts.set(data, text);
      }
      return text;
    };
  };
}
