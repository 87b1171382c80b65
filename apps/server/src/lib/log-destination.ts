import { writeSync } from 'node:fs';

export interface BatchedLogOptions {
  /** Characters gathered before a write (default 4096). */
  minLength?: number;
  /** The longest a line waits (default 1000 ms). */
  intervalMs?: number;
  /** Characters held at most while the output is not being read; more lines are dropped. */
  maxPending?: number;
}

/**
 * Where the server's log lines go when nobody passed a stream: held in memory and written to a
 * file descriptor in batches (one system call per few kilobytes), at least every second, and on
 * close or exit. pino's asynchronous destination measured its whole pending text again for every
 * line it took, a few microseconds per request. A full non-blocking pipe (EAGAIN) keeps the
 * batch for the next try; while the output is not read, at most `maxPending` characters are held
 * and the lines beyond are counted, then reported in a line of their own.
 */
export class BatchedLogDestination {
  private pending: string[] = [];
  private pendingChars = 0;
  /** Bytes of an earlier batch the descriptor did not take yet. */
  private held: Buffer | null = null;
  private dropped = 0;
  private readonly minLength: number;
  private readonly maxPending: number;
  private readonly timer: NodeJS.Timeout;
  private readonly onExit = () => {
    this.flushSync();
  };

  constructor(
    private readonly fd: number,
    options: BatchedLogOptions = {},
  ) {
    this.minLength = options.minLength ?? 4096;
    this.maxPending = options.maxPending ?? 32 * 1024 * 1024;
    this.timer = setInterval(this.onExit, options.intervalMs ?? 1000);
    this.timer.unref();
    process.once('exit', this.onExit);
  }

  /** Takes one line (pino calls this with each line, newline included). */
  write(line: string): boolean {
    if (this.pendingChars + line.length > this.maxPending) {
      this.dropped += 1;
      return false;
    }
    this.pending.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= this.minLength) {
      this.flushSync();
    }
    return true;
  }

  /** Writes everything held now. */
  flushSync(): void {
    if (this.dropped > 0) {
      this.pending.push(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: `${String(this.dropped)} log lines were dropped: the log output was not being read` })}\n`,
      );
      this.dropped = 0;
    }
    if (this.pending.length > 0) {
      const batch = Buffer.from(this.pending.join(''));
      this.held = this.held ? Buffer.concat([this.held, batch]) : batch;
      this.pending = [];
      this.pendingChars = 0;
    }
    const data = this.held;
    if (!data) {
      return;
    }
    let offset = 0;
    try {
      while (offset < data.length) {
        offset += writeSync(this.fd, data, offset);
      }
      this.held = null;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'EAGAIN') {
        // The reader is behind: keep the rest for the next flush, within the same bound.
        this.held = data.subarray(offset);
        this.pendingChars = this.held.length;
        return;
      }
      // Nothing reads the output any more (EPIPE, a closed descriptor): the lines have nowhere to go.
      this.held = null;
    }
  }

  /** Writes what is held and stops the timer. */
  close(): void {
    clearInterval(this.timer);
    process.removeListener('exit', this.onExit);
    this.flushSync();
  }
}
