import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Everything under DATA_DIR is for the server's user only: folders 0700, files 0600. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder readable by the server's user only, and tightens one that already exists. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/**
 * Makes sure a file exists with owner-only permissions before a library (SQLite) opens it, and
 * tightens one an older version created world-readable.
 */
export function ensurePrivateFile(path: string): void {
  if (!existsSync(path)) {
    closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  }
  chmodSync(path, PRIVATE_FILE_MODE);
}
