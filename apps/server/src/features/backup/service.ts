import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import {
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
  open,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  BACKUP_MESSAGES,
  BACKUP_NAME_PATTERN,
  type BackupInfo,
  type BackupKind,
  type RestoredSummary,
} from '@sk-tanaw/contract';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { tryInstallLock } from '../../db/install-lock.ts';
import { isKnownMigration, latestMigrationName } from '../../db/migrate.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import { carryInstallState } from '../../common/install-state-repository.ts';
import {
  BackupFormatError,
  BackupWriter,
  FORMAT_VERSION,
  PRODUCT,
  parseJsonPayload,
  parseRows,
  readFrames,
  type BackupHeader,
  type BackupManifest,
  type ManifestPart,
  type TableSpec,
} from './archive.ts';
import * as repo from './repository.ts';

export const BACKUP_MODULE = 'Backup';

/** Names a document may have inside a backup (and so on disk after a restore). */
const DOCUMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const STAGING_PREFIX = '.staging-';

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');
const uploadsPath = (dataDir: string) => join(dataDir, 'uploads');
const journalPath = (dataDir: string) => join(dataDir, 'restore-journal.json');

/**
 * Test-only fault injection: the restore kills its own process at the named step, so a test can
 * check that an interrupted restore leaves the old or the new data whole. Unset in production.
 */
function crashPoint(step: string): void {
  if (process.env.TANAW_TEST_CRASH_AT === step) {
    process.kill(process.pid, 'SIGKILL');
  }
}

/** `sk-tanaw-20261123-113000123-manual.bak` (UTC), sortable by time. */
export function backupName(at: Date, kind: BackupKind): string {
  const s = at.toISOString(); // 2026-11-23T11:30:00.123Z
  const stamp = `${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 10)}-${s.slice(11, 13)}${s.slice(14, 16)}${s.slice(17, 19)}${s.slice(20, 23)}`;
  return `sk-tanaw-${stamp}-${kind}.bak`;
}

function parseBackupName(name: string): { createdAt: string; kind: BackupKind } | null {
  const match = BACKUP_NAME_PATTERN.exec(name);
  const m = /^sk-tanaw-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(\d{3})-/.exec(name);
  if (!match || !m) {
    return null;
  }
  return {
    createdAt: `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`,
    kind: match[1] as BackupKind,
  };
}

async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

interface RestoreJournal {
  id: string;
  dialect: 'sqlite' | 'postgres';
  /** SQLite: the built file; gone once renamed over the live one (the commit). */
  stagedFile?: string;
  /** PostgreSQL: the built schema; gone once renamed to the live name (the commit). */
  live?: string;
  fresh?: string;
  old?: string;
  docsNew: string;
  docsOld: string;
}

/** The restore has committed when the built database is no longer beside the live one. */
async function restoreCommitted(journal: RestoreJournal, database: Database): Promise<boolean> {
  if (journal.dialect === 'sqlite') {
    return !existsSync(journal.stagedFile ?? '');
  }
  return !(await repo.schemaExists(database, journal.fresh ?? ''));
}

/** Puts the new documents folder in place; safe to run again after a crash at any step. */
async function swapDocuments(dataDir: string, journal: RestoreJournal): Promise<void> {
  const live = uploadsPath(dataDir);
  if (await exists(journal.docsNew)) {
    if ((await exists(live)) && !(await exists(journal.docsOld))) {
      await rename(live, journal.docsOld);
    }
    crashPoint('docs-half-swapped');
    if (await exists(live)) {
      await rm(live, { recursive: true, force: true });
    }
    await rename(journal.docsNew, live);
    await fsyncFile(dataDir);
  }
  await rm(journal.docsOld, { recursive: true, force: true });
}

/**
 * Run at start-up before anything is served: finishes a restore that committed before the process
 * died (documents, old copies) or throws away one that had not, then sweeps half-written files.
 */
/** Held by whichever process of the installation is backing up or restoring. */
const BACKUP_LOCK = 'backup';

export async function recoverInterruptedRestore(
  dataDir: string,
  database: Database,
  logger: FastifyBaseLogger,
): Promise<void> {
  const journalFile = journalPath(dataDir);
  if (existsSync(journalFile)) {
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as RestoreJournal;
    if (await restoreCommitted(journal, database)) {
      await swapDocuments(dataDir, journal);
      if (journal.old) {
        await repo.dropSchema(database, journal.old);
      }
      logger.warn('finished a restore that was interrupted after it committed');
    } else {
      await rm(journal.docsNew, { recursive: true, force: true });
      if (journal.stagedFile) {
        await rm(journal.stagedFile, { force: true });
      }
      if (journal.fresh) {
        await repo.dropSchema(database, journal.fresh);
      }
      logger.warn('rolled back a restore that was interrupted before it committed');
    }
    await unlink(journalFile);
  }
  // Leftovers of restores or backups interrupted before they had a journal.
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    if (/^(uploads\.(restore|old)-|tanaw\.db\.restore-)/.test(name)) {
      await rm(join(dataDir, name), { recursive: true, force: true });
    }
  }
  const dir = backupsDir(dataDir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name.startsWith('.partial-') || name.startsWith('.incoming-')) {
      await rm(join(dir, name), { force: true });
    }
  }
  if (database.dialect === 'postgres') {
    // Not while another process of the installation restores: its fresh schema is no leftover.
    await tryInstallLock(database, BACKUP_LOCK, async () => {
      const live = await repo.liveSchema(database);
      for (const schema of await repo.leftoverSchemas(database, live)) {
        await repo.dropSchema(database, schema);
      }
    });
  }
}

export interface BackupServiceDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
}

type Who = Pick<AuthUser, 'id' | 'username' | 'barangayId'>;

const damaged = (detail: string) =>
  badRequest(`${BACKUP_MESSAGES.damaged} (${detail})`, 'BACKUP_DAMAGED');

export function createBackupService({ config, database, clock, logger }: BackupServiceDeps) {
  const dataDir = config.dataDir;
  const dir = backupsDir(dataDir);
  /** One backup or restore at a time. */
  let busy: 'backup' | 'restore' | null = null;
  /** While true, every write request is answered 503. */
  let restoring = false;
  const startedAt = clock.now();
  let timer: NodeJS.Timeout | undefined;
  /** Called after a restore has swapped the data in (caches keyed on the old data). */
  const restoredListeners: (() => void)[] = [];

  const ensureDir = async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  };

  async function list(): Promise<BackupInfo[]> {
    const names = await readdir(dir).catch(() => [] as string[]);
    const infos: BackupInfo[] = [];
    for (const name of names) {
      const parsed = parseBackupName(name);
      if (!parsed) {
        continue;
      }
      const info = await stat(join(dir, name)).catch(() => null);
      if (info?.isFile()) {
        infos.push({ name, size: info.size, ...parsed });
      }
    }
    return infos.sort((a, b) => b.name.localeCompare(a.name));
  }

  /** Writes a backup file (no lock: callers hold it). */
  async function writeBackup(kind: BackupKind): Promise<BackupInfo> {
    await ensureDir();
    const at = clock.now();
    let name = backupName(at, kind);
    if (await exists(join(dir, name))) {
      name = backupName(new Date(at.getTime() + 1), kind);
    }
    const partial = join(dir, `.partial-${randomBytes(8).toString('hex')}`);
    const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    let writer: BackupWriter | undefined;
    try {
      const snapshot = await repo.openSnapshot(database);
      try {
        writer = new BackupWriter(out, {
          product: PRODUCT,
          formatVersion: FORMAT_VERSION,
          schemaVersion: snapshot.schemaVersion,
          createdAt: at.toISOString(),
          sourceDialect: database.dialect,
          tables: snapshot.tables,
        });
        await writer.start();
        for (const table of snapshot.tables) {
          await writer.beginTable(table.name);
          for await (const batch of snapshot.batches(table)) {
            await writer.rows(batch);
          }
          await writer.endPart();
        }
      } finally {
        await snapshot.close();
      }
      // Documents are never changed once stored (new versions get new names), so reading them
      // after the rows still matches the rows.
      const uploads = uploadsPath(dataDir);
      const names = (await readdir(uploads).catch(() => [] as string[])).sort();
      for (const doc of names) {
        if (doc.startsWith(STAGING_PREFIX) || !DOCUMENT_NAME.test(doc)) {
          continue;
        }
        const path = join(uploads, doc);
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) {
          continue;
        }
        await writer.beginDocument(doc, info.size);
        for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
          await writer.documentBytes(chunk);
        }
        await writer.endPart();
      }
      await writer.finish();
      await fsyncFile(partial);
      await rename(partial, join(dir, name));
      await fsyncFile(dir);
    } catch (error) {
      writer?.destroy(error as Error);
      out.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    const info = await stat(join(dir, name));
    await prune(kind);
    return { name, size: info.size, createdAt: at.toISOString(), kind };
  }

  /** Keeps the newest `retention` automatic (and pre-restore) backups; manual ones stay. */
  async function prune(kind: BackupKind): Promise<void> {
    if (kind === 'manual') {
      return;
    }
    const old = (await list()).filter((b) => b.kind === kind).slice(config.backup.retention);
    for (const backup of old) {
      await rm(join(dir, backup.name), { force: true });
    }
  }

  /** Backups hold every barangay: only the installation's administrators may touch them. */
  async function assertInstallAdmin(user: AuthUser): Promise<void> {
    const key = user.username.toLowerCase();
    const allowed = config.backup.admins ?? (await repo.firstBarangayAdmins(database.db));
    if (!allowed.includes(key)) {
      throw forbidden(BACKUP_MESSAGES.notInstallAdmin, 'NOT_INSTALL_ADMIN');
    }
  }

  function take(what: 'backup' | 'restore'): void {
    if (busy) {
      throw conflict(BACKUP_MESSAGES.busy, 'BACKUP_BUSY');
    }
    busy = what;
  }

  /** Runs a backup or restore holding the installation-wide lock: 409 when another process runs one. */
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

  async function audit(
    user: Who | null,
    ctx: RequestContext | null,
    action: string,
    description: string,
    newValue: unknown,
  ) {
    await writeAudit(database.db, {
      barangayId: user?.barangayId ?? null,
      userId: user?.id ?? null,
      username: user?.username ?? null,
      module: BACKUP_MODULE,
      action,
      description,
      newValue,
      ip: ctx?.ip ?? null,
      at: clock.now(),
    });
  }

  /** When the next automatic backup is due (null: turned off). */
  async function nextDue(): Promise<Date | null> {
    const hours = config.backup.intervalHours;
    if (hours <= 0) {
      return null;
    }
    const last = (await list()).find((b) => b.kind === 'auto');
    const from = last ? new Date(last.createdAt) : startedAt;
    return new Date(from.getTime() + hours * 3_600_000);
  }

  /**
   * The scheduler's tick (also what tests drive with their clock). Every process of a deployment
   * ticks; the one that takes the installation-wide backup lock decides and writes, the others
   * skip this tick (PostgreSQL advisory lock; on SQLite one process owns the data).
   */
  async function runScheduledIfDue(): Promise<BackupInfo | null> {
    const run = await tryInstallLock(database, BACKUP_LOCK, async () => {
      const due = await nextDue();
      if (!due || clock.now() < due || busy) {
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
  }

  function startSchedule(): void {
    if (config.backup.intervalHours <= 0 || timer) {
      return;
    }
    const every = Math.min(config.backup.intervalHours * 3_600_000, 60_000);
    timer = setInterval(() => {
      runScheduledIfDue().catch((error: unknown) => {
        logger.error({ err: error }, 'automatic backup failed');
      });
    }, every);
    timer.unref();
  }

  function stopSchedule(): void {
    if (timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  /** Checks who asks and that the backup exists; a download link handed out is audited. */
  async function backupForDownload(
    user: AuthUser,
    name: string,
    ctx: RequestContext,
  ): Promise<string> {
    await assertInstallAdmin(user);
    const path = await existingBackup(name);
    await audit(user, ctx, 'DOWNLOAD_BACKUP', `${user.username} downloaded backup ${name}`, {
      name,
    });
    return path;
  }

  async function existingBackup(name: string): Promise<string> {
    if (!parseBackupName(name)) {
      throw notFound(BACKUP_MESSAGES.notFound, 'BACKUP_NOT_FOUND');
    }
    const path = join(dir, name);
    if (!(await stat(path).catch(() => null))?.isFile()) {
      throw notFound(BACKUP_MESSAGES.notFound, 'BACKUP_NOT_FOUND');
    }
    return path;
  }

  /** A place for an uploaded restore file, inside the backups folder (same permissions). */
  async function incomingPath(): Promise<string> {
    await ensureDir();
    return join(dir, `.incoming-${randomBytes(8).toString('hex')}`);
  }

  /**
   * Reads the whole file into a new database beside the live one, checking everything on the
   * way; throws (400/409) with the live data untouched.
   */
  async function build(file: string, target: repo.LoadTarget, docsNew: string) {
    let header: BackupHeader | undefined;
    let expected = new Map<string, TableSpec>();
    const parts: ManifestPart[] = [];
    let current:
      | { kind: 'table'; spec: TableSpec; hash: ReturnType<typeof createHashHex>; rows: number }
      | {
          kind: 'document';
          name: string;
          size: number;
          hash: ReturnType<typeof createHashHex>;
          bytes: number;
          out: ReturnType<typeof createWriteStream>;
          path: string;
        }
      | null = null;
    let manifest: BackupManifest | undefined;
    const seen = new Set<string>();
    await mkdir(docsNew, { mode: 0o700 });
    for await (const { type, payload } of readFrames(createReadStream(file))) {
      if (manifest) {
        throw new BackupFormatError('data after the manifest');
      }
      if (!header) {
        if (type !== 'H') {
          throw new BackupFormatError('no header', 'foreign');
        }
        header = checkHeader(parseJsonPayload(payload, 'header'));
        const built = await target.prepare(header.schemaVersion);
        expected = checkTables(header.tables, built);
        continue;
      }
      switch (type) {
        case 'T': {
          const { name } = parseJsonPayload(payload, 'table start') as { name?: unknown };
          const spec = typeof name === 'string' ? expected.get(name) : undefined;
          if (current || !spec || seen.has(`table:${spec.name}`)) {
            throw new BackupFormatError('an unexpected table part');
          }
          seen.add(`table:${spec.name}`);
          current = { kind: 'table', spec, hash: createHashHex(), rows: 0 };
          break;
        }
        case 'R': {
          if (current?.kind !== 'table') {
            throw new BackupFormatError('rows outside a table');
          }
          current.hash.update(payload);
          const rows = parseRows(payload, current.spec.columns.length);
          current.rows += rows.length;
          await target.insert(current.spec, rows);
          break;
        }
        case 'F': {
          const { name, size } = parseJsonPayload(payload, 'document start') as {
            name?: unknown;
            size?: unknown;
          };
          if (
            current ||
            typeof name !== 'string' ||
            !DOCUMENT_NAME.test(name) ||
            name.startsWith(STAGING_PREFIX) ||
            typeof size !== 'number' ||
            seen.has(`document:${name}`)
          ) {
            throw new BackupFormatError('an unexpected document part');
          }
          seen.add(`document:${name}`);
          const path = join(docsNew, name);
          current = {
            kind: 'document',
            name,
            size,
            hash: createHashHex(),
            bytes: 0,
            out: createWriteStream(path, { mode: 0o600, flags: 'wx' }),
            path,
          };
          break;
        }
        case 'D': {
          if (current?.kind !== 'document') {
            throw new BackupFormatError('document bytes outside a document');
          }
          current.hash.update(payload);
          current.bytes += payload.length;
          if (!current.out.write(payload)) {
            await once(current.out, 'drain');
          }
          break;
        }
        case 'E': {
          if (!current) {
            throw new BackupFormatError('a part ends that never began');
          }
          if (current.kind === 'table') {
            parts.push({
              kind: 'table',
              name: current.spec.name,
              count: current.rows,
              sha256: current.hash.digest(),
            });
          } else {
            const out = current.out;
            await new Promise<void>((resolve, reject) => {
              out.end((error?: Error | null) => (error ? reject(error) : resolve()));
            });
            await fsyncFile(current.path);
            if (current.bytes !== current.size) {
              throw new BackupFormatError(`document ${current.name} has the wrong size`);
            }
            parts.push({
              kind: 'document',
              name: current.name,
              count: current.bytes,
              sha256: current.hash.digest(),
            });
          }
          current = null;
          break;
        }
        case 'M': {
          if (current) {
            throw new BackupFormatError('the manifest comes inside a part');
          }
          manifest = parseJsonPayload(payload, 'manifest') as BackupManifest;
          break;
        }
        case 'H':
          throw new BackupFormatError('a second header');
      }
    }
    if (!header) {
      throw new BackupFormatError('no header', 'foreign');
    }
    if (!manifest) {
      throw new BackupFormatError('the file is cut short (no manifest)');
    }
    checkManifest(header, manifest, parts, expected);
    await fsyncFile(docsNew);
    await target.complete();
    return { header, parts };
  }

  function checkHeader(value: unknown): BackupHeader {
    const h = value as Partial<BackupHeader> | null;
    if (!h || typeof h !== 'object' || h.product !== PRODUCT) {
      throw new BackupFormatError('not made by SK Tanaw', 'foreign');
    }
    if (typeof h.formatVersion !== 'number' || typeof h.schemaVersion !== 'string') {
      throw new BackupFormatError('the header has no versions');
    }
    if (h.formatVersion > FORMAT_VERSION) {
      throw new BackupFormatError(`format ${h.formatVersion}`, 'too-new');
    }
    if (!isKnownMigration(h.schemaVersion)) {
      if (h.schemaVersion > latestMigrationName()) {
        throw new BackupFormatError(`schema ${h.schemaVersion}`, 'too-new');
      }
      throw new BackupFormatError(`unknown schema version ${h.schemaVersion}`);
    }
    if (
      h.formatVersion !== FORMAT_VERSION ||
      typeof h.createdAt !== 'string' ||
      typeof h.sourceDialect !== 'string' ||
      !Array.isArray(h.tables)
    ) {
      throw new BackupFormatError('the header is incomplete');
    }
    return h as BackupHeader;
  }

  /** The backup must hold exactly the tables (and columns) its schema version has. */
  function checkTables(inFile: TableSpec[], built: TableSpec[]): Map<string, TableSpec> {
    const byName = new Map(built.map((t) => [t.name, t]));
    if (inFile.length !== built.length) {
      throw new BackupFormatError('its tables do not match its schema version');
    }
    const result = new Map<string, TableSpec>();
    for (const table of inFile) {
      const ours = byName.get(table.name);
      if (
        !ours ||
        !Array.isArray(table.columns) ||
        table.columns.length !== ours.columns.length ||
        !table.columns.every((c) => ours.columns.includes(c))
      ) {
        throw new BackupFormatError(`table ${table.name} does not match its schema`);
      }
      result.set(table.name, { name: table.name, columns: table.columns });
    }
    return result;
  }

  function checkManifest(
    header: BackupHeader,
    manifest: BackupManifest,
    parts: ManifestPart[],
    expected: Map<string, TableSpec>,
  ) {
    for (const key of [
      'product',
      'formatVersion',
      'schemaVersion',
      'createdAt',
      'sourceDialect',
    ] as const) {
      if (manifest[key] !== header[key]) {
        throw new BackupFormatError(`the manifest's ${key} differs from the header`);
      }
    }
    if (!Array.isArray(manifest.parts) || manifest.parts.length !== parts.length) {
      throw new BackupFormatError('parts are missing');
    }
    manifest.parts.forEach((listed, i) => {
      const read = parts[i];
      if (
        !read ||
        listed.kind !== read.kind ||
        listed.name !== read.name ||
        listed.count !== read.count ||
        listed.sha256 !== read.sha256
      ) {
        throw new BackupFormatError(`checksum or count mismatch in ${read?.name ?? 'a part'}`);
      }
    });
    const tablesRead = parts.filter((p) => p.kind === 'table').length;
    if (tablesRead !== expected.size) {
      throw new BackupFormatError('tables are missing');
    }
  }

  function mapFormatError(error: unknown): unknown {
    if (error instanceof BackupFormatError) {
      if (error.kind === 'too-new') {
        return conflict(`${BACKUP_MESSAGES.tooNew} (${error.message})`, 'BACKUP_TOO_NEW');
      }
      if (error.kind === 'foreign') {
        return badRequest(BACKUP_MESSAGES.notABackup, 'NOT_A_BACKUP');
      }
      return damaged(error.message);
    }
    if (error instanceof AppError) {
      return error;
    }
    // A row the database refuses (constraint) means the file's data is not whole.
    const message = error instanceof Error ? error.message : String(error);
    if (/constraint|references a missing row|violates|UNIQUE|FOREIGN KEY/i.test(message)) {
      return damaged('its rows break the database rules');
    }
    return error;
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
    return inBackupLock(() => restoreLocked(file, user, ctx));
  }

  async function restoreLocked(
    file: string,
    user: AuthUser,
    ctx: RequestContext,
  ): Promise<RestoredSummary> {
    const id = randomBytes(4).toString('hex');
    const docsNew = join(dataDir, `uploads.restore-${id}`);
    const docsOld = join(dataDir, `uploads.old-${id}`);
    let journal: RestoreJournal;
    let target: repo.LoadTarget;
    if (database.dialect === 'sqlite') {
      const staged = `${database.file ?? ''}.restore-${id}`;
      target = repo.sqliteTarget(staged, () => rm(staged, { force: true }));
      journal = { id, dialect: 'sqlite', stagedFile: staged, docsNew, docsOld };
    } else {
      const live = await repo.liveSchema(database);
      const fresh = `${live}_r_${id}`;
      target = repo.postgresTarget(database.url ?? '', fresh);
      journal = { id, dialect: 'postgres', live, fresh, old: `${live}_o_${id}`, docsNew, docsOld };
    }
    let committed = false;
    try {
      let built: Awaited<ReturnType<typeof build>>;
      try {
        built = await build(file, target, docsNew);
      } catch (error) {
        throw mapFormatError(error);
      }
      crashPoint('loaded');
      // From here until the swap every write waits for the restore (503), so the pre-restore
      // backup holds everything the restore replaces.
      restoring = true;
      const pre = await writeBackup('pre-restore');
      const now = clock.now();
      const db = target.kysely();
      await carryInstallState(database.db, db, now.toISOString());
      const sessionsEnded = await repo.endAllSessions(db, 'restore', now.toISOString());
      const same = await repo.findSameUser(db, {
        userId: user.id,
        usernameKey: user.username.toLowerCase(),
      });
      const tableParts = built.parts.filter((p) => p.kind === 'table');
      const summary: RestoredSummary = {
        createdAt: built.header.createdAt,
        schemaVersion: built.header.schemaVersion,
        sourceDialect: built.header.sourceDialect,
        tables: tableParts.length,
        rows: tableParts.reduce((sum, p) => sum + p.count, 0),
        documents: built.parts.length - tableParts.length,
        preRestoreBackup: pre.name,
      };
      await writeAudit(db, {
        barangayId: same?.barangay_id ?? null,
        userId: same?.id ?? null,
        username: user.username,
        module: BACKUP_MODULE,
        action: 'RESTORE_BACKUP',
        description: `${user.username} restored the backup made ${summary.createdAt} (${summary.sourceDialect}, schema ${summary.schemaVersion}); ${sessionsEnded} sessions ended`,
        oldValue: { preRestoreBackup: pre.name },
        newValue: summary,
        ip: ctx.ip,
        at: now,
      });
      await target.seal();
      await writeFile(journalPath(dataDir), JSON.stringify(journal), { mode: 0o600 });
      await fsyncFile(journalPath(dataDir));
      await fsyncFile(dataDir);
      crashPoint('sealed');
      if (database.dialect === 'sqlite') {
        const staged = journal.stagedFile ?? '';
        await database.reopen(() => {
          const wal = `${database.file ?? ''}-wal`;
          if (existsSync(wal) && statSync(wal).size > 0) {
            throw new Error('The live database still has a write-ahead log; restore not swapped');
          }
          crashPoint('sqlite-closed');
          renameSync(staged, database.file ?? '');
          repo.fsyncPath(dirname(staged));
        });
      } else {
        await repo.swapSchemas(
          database,
          journal.live ?? '',
          journal.fresh ?? '',
          journal.old ?? '',
        );
      }
      committed = true;
      for (const listener of restoredListeners) {
        listener();
      }
      crashPoint('db-swapped');
      await swapDocuments(dataDir, journal);
      crashPoint('swapped');
      if (journal.old) {
        await repo.dropSchema(database, journal.old);
      }
      await unlink(journalPath(dataDir));
      logger.warn(
        { by: user.username, backup: summary.createdAt, preRestore: pre.name },
        'backup restored; every session ended',
      );
      return summary;
    } catch (error) {
      if (!committed) {
        await target.discard().catch(() => undefined);
        await rm(docsNew, { recursive: true, force: true });
        await rm(journalPath(dataDir), { force: true });
      }
      throw error;
    } finally {
      restoring = false;
    }
  }

  return {
    list,
    create,
    restore,
    backupForDownload,
    existingBackup,
    incomingPath,
    assertInstallAdmin,
    runScheduledIfDue,
    nextDue,
    startSchedule,
    stopSchedule,
    /** Takes the one-operation lock for a restore (409 when something runs). */
    beginRestore: () => take('restore'),
    endRestore: () => {
      busy = null;
    },
    /** Runs `listener` after every restore (e.g. to drop caches of the replaced data). */
    onRestored: (listener: () => void) => {
      restoredListeners.push(listener);
    },
    /** True while a restore is replacing the data: writes are refused. */
    isRestoring: () => restoring,
    /** Reads a stored backup's bytes (downloads). */
    open: (path: string): Readable => createReadStream(path),
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

function createHashHex() {
  const hash = createHash('sha256');
  return {
    update: (chunk: Buffer) => {
      hash.update(chunk);
    },
    digest: () => hash.digest('hex'),
  };
}
