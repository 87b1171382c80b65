import type { FastifyBaseLogger } from 'fastify';
import type { BackupInfo } from '@sk-tanaw/contract';
import type { Clock } from '../../lib/clock.ts';

const HOUR = 3_600_000;

export interface BackupScheduleDeps {
  /** Hours between automatic backups; 0 turns them off. */
  intervalHours: number;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The newest automatic backup, if there is one. */
  lastAuto: () => Promise<BackupInfo | undefined>;
  /** Makes an automatic backup; null when another backup or restore is running. */
  run: () => Promise<BackupInfo | null>;
}

/**
 * Automatic backups: one is due `intervalHours` after the newest automatic backup (or after
 * start-up, without one). A timer checks at most every minute; tests drive `runIfDue` with their
 * clock instead.
 */
export function createBackupSchedule({
  intervalHours,
  clock,
  logger,
  lastAuto,
  run,
}: BackupScheduleDeps) {
  const startedAt = clock.now();
  let timer: NodeJS.Timeout | undefined;

  /** When the next automatic backup is due (null: turned off). */
  async function nextDue(): Promise<Date | null> {
    if (intervalHours <= 0) {
      return null;
    }
    const last = await lastAuto();
    const from = last ? new Date(last.createdAt) : startedAt;
    return new Date(from.getTime() + intervalHours * HOUR);
  }

  /** Whether an automatic backup is due now. */
  async function isDue(): Promise<boolean> {
    const due = await nextDue();
    return due !== null && clock.now() >= due;
  }

  /** The scheduler's tick (`run` checks again once it holds the lock). */
  async function runIfDue(): Promise<BackupInfo | null> {
    return (await isDue()) ? run() : null;
  }

  return {
    nextDue,
    isDue,
    runIfDue,
    start(): void {
      if (intervalHours <= 0 || timer) {
        return;
      }
      timer = setInterval(
        () => {
          runIfDue().catch((error: unknown) => {
            logger.error({ err: error }, 'automatic backup failed');
          });
        },
        Math.min(intervalHours * HOUR, 60_000),
      );
      timer.unref();
    },
    stop(): void {
      if (timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}
