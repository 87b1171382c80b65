import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BACKUP_MESSAGES,
  type BackupInfo,
  type BackupKind,
  type RestoredSummary,
} from '@sk-tanaw/contract';
import { clearRestoreHolds, setRestoreHold } from '../../common/install-state-repository.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { tryInstallLock } from '../../db/install-lock.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { writeBackupAudit } from './audit.ts';
import { assertBackupHolder } from './holders.ts';
import { backupFolder, type BackupFolder } from './files.ts';
import { BACKUP_LOCK } from './journal.ts';
import { makeBackup } from './make-backup.ts';
import { restoreBackup } from './restore.ts';
import { createBackupSchedule } from './schedule.ts';
import { BEAT_MS, STALE_MS, othersDrained, removeProcess, reportProcess } from './write-drain.ts';

export interface BackupServiceDeps {
  config: AppConfig;
  database: Database;
  /** Where the documents a backup holds are read from and a restore writes them to. */
  storage: DocumentStorage;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Where backups are kept: DATA_DIR/backups unless given (the bucket, with S3). */
  folder?: BackupFolder;
  /**
   * How long a restore waits for the write requests in flight, here and in the other processes
   * (write-drain.ts), before it gives up (503).
   */
  writeDrainMs?: number;
  /** When a restore takes another process's unchanged row for a dead one's (STALE_MS). */
  staleProcessMs?: number;
}

/** A restore waits at most this long for the writes in flight when it starts. */
const WRITE_DRAIN_MS = 60_000;

/** A hold outlives a restore that died holding it by at most this long. */
const HOLD_LEASE_MS = 15 * 60 * 1000;

type Who = Pick<AuthUser, 'id' | 'username' | 'barangayId'>;

/**
 * Whole-installation backups: who may, one backup or restore at a time, and the audit of each.
 * The work itself lives beside it: the backups folder (files.ts), writing a backup
 * (make-backup.ts), the schedule (schedule.ts), and the restore (restore.ts, load.ts, journal.ts).
 */
export function createBackupService({
  config,
  database,
  storage,
  clock,
  logger,
  folder = backupFolder(config.dataDir),
  writeDrainMs = WRITE_DRAIN_MS,
  staleProcessMs = STALE_MS,
}: BackupServiceDeps) {
  /** One backup or restore at a time. */
  let busy: 'backup' | 'restore' | null = null;
  /** While true, every write request is answered 503. */
  let restoring = false;
  /** Until when another process's restore holds writes (ms since the epoch; 0: none). */
  let heldElsewhereUntil = 0;
  /** That hold's value: what this process reports it has drained its writes for. */
  let heldElsewhereBy: string | null = null;
  /** This process's own hold's value while it restores. */
  let ownHold: string | null = null;
  /**
   * Write requests this process has let through the guard and not yet answered (a restore waits
   * for them: the guard is only asked when a request arrives, its commit comes later).
   */
  const writesInFlight = new Set<object>();
  let drained: (() => void)[] = [];

  function writeEnded(request: object): void {
    if (writesInFlight.delete(request) && writesInFlight.size === 0) {
      const waiting = drained;
      drained = [];
      waiting.forEach((resolve) => {
        resolve();
      });
      // Another process's restore waits for this one's last write: tell it at once.
      if (heldElsewhereBy) {
        void report();
      }
    }
  }

  /** Resolves once no write request is in flight here; 503 after `waitMs`. */
  function ownWritesDrained(waitMs: number): Promise<void> {
    if (writesInFlight.size === 0) {
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        drained = drained.filter((r) => r !== done);
        reject(new AppError('RESTORE_WRITES_PENDING', BACKUP_MESSAGES.writesPending, 503));
      }, waitMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      drained.push(done);
    });
  }
  /**
   * Resolves once every write request let in before the hold has been answered, here and in
   * every other live process of the installation (the drain handshake, write-drain.ts); 503
   * RESTORE_WRITES_PENDING after `writeDrainMs` in all.
   */
  async function writesDrained(): Promise<void> {
    const deadline = performance.now() + writeDrainMs;
    await ownWritesDrained(writeDrainMs);
    if (ownHold) {
      await othersDrained(database.db, {
        hold: ownHold,
        ownToken: holdToken,
        deadline,
        staleMs: staleProcessMs,
      });
    }
  }

  /** Names this process's hold and its row (write-drain.ts) in install_state. */
  const holdToken = randomBytes(8).toString('hex');

  /**
   * Holds (or releases) writes here and, through install_state, in every other process of the
   * installation, which would otherwise take writes the swap then throws away (they report
   * when they have drained theirs: `writesDrained`).
   */
  async function holdWrites(hold: boolean): Promise<void> {
    restoring = hold;
    const now = clock.now();
    const until = hold ? new Date(now.getTime() + HOLD_LEASE_MS) : null;
    try {
      ownHold = await setRestoreHold(database.db, holdToken, until, now.toISOString());
    } catch (error) {
      if (hold) {
        throw error;
      }
      ownHold = null;
      logger.warn({ err: error }, 'could not release the restore hold; it lapses by itself');
    }
  }

  /** What this process last wrote to its row, and when (its own time, ms). */
  let reported: { drained: string | null; at: number } | null = null;
  let reporting: Promise<void> = Promise.resolve();
  let left = false;

  /**
   * Writes this process's row (write-drain.ts) when its state changed or BEAT_MS after the
   * last write. `drained` is another's hold only once this process refuses writes for it and
   * has none in flight, so a restore waiting for it may take its pre-restore backup.
   */
  function report(): Promise<void> {
    const write = async () => {
      const held = heldElsewhereUntil > clock.now().getTime() ? heldElsewhereBy : null;
      const drainedFor = held && writesInFlight.size === 0 ? held : null;
      const now = Date.now();
      if (left || (reported?.drained === drainedFor && now - reported.at < BEAT_MS)) {
        return;
      }
      await reportProcess(database.db, holdToken, drainedFor, new Date(now));
      reported = { drained: drainedFor, at: now };
    };
    reporting = reporting.then(write).catch((error: unknown) => {
      logger.warn({ err: error }, 'could not report this process to a restore');
    });
    return reporting;
  }
  /** Called after a restore has swapped the data in (caches keyed on the old data). */
  const restoredListeners: (() => void)[] = [];
  /** Told the restore generation before a swap (see `RestoreDeps.installing`). */
  let installingListener: (generation: number) => () => void = () => () => undefined;

  function take(what: 'backup' | 'restore'): void {
    if (busy) {
      throw conflict(BACKUP_MESSAGES.busy, 'BACKUP_BUSY');
    }
    busy = what;
  }

  /** Writes a backup and prunes the old ones of its kind (no lock: callers hold it). */
  async function writeBackup(kind: BackupKind): Promise<BackupInfo> {
    const backup = await makeBackup({ database, storage, folder }, kind, clock.now());
    await folder.prune(kind, config.backup.retention);
    return backup;
  }

  async function audit(
    user: Who | null,
    ctx: RequestContext | null,
    action: string,
    description: string,
    newValue: unknown,
  ) {
    await writeBackupAudit(database.db, {
      scope: user ?? null,
      userId: user?.id ?? null,
      username: user?.username ?? null,
      action,
      description,
      newValue,
      ip: ctx?.ip ?? null,
      at: clock.now(),
    });
  }

  /**
   * Backups hold every barangay and city: only the installation's administrators may touch
   * them (BACKUP_ADMINS; else the first barangay's MA/SA, and the CA of a one-city
   * installation: holders.ts).
   */
  async function assertInstallAdmin(user: AuthUser): Promise<void> {
    await assertBackupHolder(database.db, config.backup.admins, user);
  }

  /**
   * Runs a backup or restore holding the installation-wide lock (PostgreSQL advisory lock): 409
   * when another process of the deployment runs one.
   */
  async function inBackupLock<T>(work: () => Promise<T>): Promise<T> {
    const run = await tryInstallLock(database, BACKUP_LOCK, work);
    if (!run.ran) {
      throw conflict(BACKUP_MESSAGES.busy, 'BACKUP_BUSY');
    }
    return run.value;
  }

  async function create(user: AuthUser, ctx: RequestContext): Promise<BackupInfo> {
    await assertInstallAdmin(user);
    take('backup');
    try {
      const backup = await inBackupLock(() => writeBackup('manual'));
      await audit(user, ctx, 'CREATE_BACKUP', `${user.username} created backup ${backup.name}`, {
        name: backup.name,
        size: backup.size,
      });
      return backup;
    } finally {
      busy = null;
    }
  }

  const schedule = createBackupSchedule({
    intervalHours: config.backup.intervalHours,
    clock,
    logger,
    lastAuto: async () => (await folder.list()).find((b) => b.kind === 'auto'),
    // Every process ticks; the one that takes the installation-wide lock writes the backup,
    // the others skip this tick (on SQLite one process owns the data).
    async run() {
      const run = await tryInstallLock(database, BACKUP_LOCK, async () => {
        if (busy || !(await schedule.isDue())) {
          return null;
        }
        busy = 'backup';
        try {
          const backup = await writeBackup('auto');
          await audit(null, null, 'AUTO_BACKUP', `Automatic backup ${backup.name}`, {
            name: backup.name,
            size: backup.size,
          });
          logger.info({ backup: backup.name, size: backup.size }, 'automatic backup written');
          return backup;
        } finally {
          busy = null;
        }
      });
      return run.ran ? run.value : null;
    },
  });

  /** Checks who asks and that the backup exists; a download link handed out is audited. */
  async function backupForDownload(
    user: AuthUser,
    name: string,
    ctx: RequestContext,
  ): Promise<string> {
    await assertInstallAdmin(user);
    const path = await folder.existing(name);
    await audit(user, ctx, 'DOWNLOAD_BACKUP', `${user.username} downloaded backup ${name}`, {
      name,
    });
    return path;
  }

  /**
   * Installs a backup file. The caller has taken the lock with `beginRestore` and passes the
   * file's path; the file is deleted afterwards.
   */
  async function restore(
    file: string,
    user: AuthUser,
    ctx: RequestContext,
  ): Promise<RestoredSummary> {
    return inBackupLock(() =>
      restoreBackup(
        {
          database,
          storage,
          clock,
          logger,
          backupLive: () => writeBackup('pre-restore'),
          holdWrites,
          writesDrained,
          installing: (generation) => installingListener(generation),
          swappedIn: () => {
            for (const listener of restoredListeners) {
              listener();
            }
          },
        },
        file,
        user,
        ctx,
      ),
    );
  }

  return {
    list: () => folder.list(),
    create,
    restore,
    backupForDownload,
    existingBackup: (name: string) => folder.existing(name),
    /** A stored backup's bytes and size (downloads); 404 for an unknown name. */
    openBackup: (name: string) => folder.open(name),
    incomingPath: () => folder.incomingPath(),
    assertInstallAdmin,
    /** The scheduler's tick (also what tests drive with their clock). */
    runScheduledIfDue: () => schedule.runIfDue(),
    /** When the next automatic backup is due (null: turned off). */
    nextDue: () => schedule.nextDue(),
    startSchedule: () => {
      schedule.start();
    },
    stopSchedule: () => {
      schedule.stop();
    },
    /** Takes the one-operation lock for a restore (409 when something runs). */
    beginRestore: () => {
      take('restore');
    },
    endRestore: () => {
      busy = null;
    },
    /** Runs `listener` after every restore (e.g. to drop caches of the replaced data). */
    onRestored: (listener: () => void) => {
      restoredListeners.push(listener);
    },
    /** Tells `listener` the restore generation before this process swaps a restore in. */
    onInstalling: (listener: (generation: number) => () => void) => {
      installingListener = listener;
    },
    /**
     * The hold of a restore by another process, as the restore watch last read it. A real hold's
     * restore holds the backup lock (restore runs inside it); a hold whose lock is free was left
     * by a process that died restoring (the database released its lock), and is deleted.
     */
    heldElsewhere: async (untilMs: number, hold: string | null) => {
      if (untilMs > 0) {
        const stale = await tryInstallLock(database, BACKUP_LOCK, () =>
          clearRestoreHolds(database.db),
        );
        heldElsewhereUntil = stale.ran ? 0 : untilMs;
        heldElsewhereBy = stale.ran ? null : hold;
        return;
      }
      heldElsewhereUntil = 0;
      heldElsewhereBy = null;
    },
    /**
     * Writes this process's row for restores of other processes (write-drain.ts): the restore
     * watch calls it after every read of the hold, first before this process serves.
     */
    report,
    /** The process is closing (no request in flight): restores no longer wait for it. */
    leave: async () => {
      left = true;
      await reporting;
      if (reported) {
        await removeProcess(database.db, holdToken);
      }
    },
    holdToken,
    /** True while a restore here or elsewhere is replacing the data: writes are refused. */
    isRestoring: () => restoring || heldElsewhereUntil > clock.now().getTime(),
    /**
     * The guard let the write request `request` through: a restore starting now waits until it
     * is answered (`writeEnded`), so it commits before the pre-restore backup.
     */
    writeStarted: (request: object) => {
      writesInFlight.add(request);
    },
    writeEnded,
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
