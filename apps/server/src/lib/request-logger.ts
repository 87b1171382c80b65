import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Each request's logger (`request.log`), made only when the request logs something.
 *
 * Fastify gives every request a pino child (its `reqId` bound, its route's level). Made at once,
 * that child cost each request about 2.3 KB of garbage and the redaction pass pino runs over a
 * child's bindings (measured with a sampling heap profile of `GET /api/health`: the largest
 * single allocator of the request path). Most requests never log through it: the access line
 * is written by its own logger (app.ts), and handlers log only failures. This stands in for the
 * child, answers `level` from the route's options, and makes the real child on the first line
 * at an enabled level; a line below the level costs nothing.
 */
class DeferredRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  private readonly threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
    private readonly values: Record<string, number>,
  ) {
    this.threshold = values[this.level] ?? 0;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  /** Writes a line through the real child, made now unless the line is below the level. */
  write(level: Level, args: Parameters<LogFn>): void {
    if (this.made === undefined && (this.values[level] ?? 0) < this.threshold) {
      return;
    }
    this.logger()[level](...args);
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  silent(): void {
    // Nothing: pino's `silent` level method writes nothing either.
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

// The level methods live on the prototype: fields would cost each request six closures.
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
  DeferredRequestLogger.prototype[level] = function (
    this: DeferredRequestLogger,
    ...args: Parameters<LogFn>
  ) {
    this.write(level, args);
  };
}

/**
 * Fastify's `childLoggerFactory`: a deferred child (above) for every request. `values` are the
 * logger's level numbers (pino's `levels.values`).
 */
export function deferredRequestLoggers(
  values: Record<string, number>,
): (
  this: FastifyInstance,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
) => FastifyBaseLogger {
  return (logger, bindings, options) =>
    new DeferredRequestLogger(logger, bindings, options, values);
}
