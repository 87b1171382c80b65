import { open } from 'node:fs/promises';

/** Flushes a file, or a folder's entries (a rename in it), to the disk. */
export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
