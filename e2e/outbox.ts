import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** The running server's DATA_DIR (playwright.config.ts makes one per run). */
export function dataDir(): string {
  const dir = process.env.SK_E2E_DATA_DIR;
  if (!dir) {
    throw new Error('SK_E2E_DATA_DIR is not set; run through playwright.config.ts');
  }
  return dir;
}

/**
 * The first capture of `pattern` in each mail the server sent to `email` (its outbox of .eml
 * files), oldest first; mails without a match are left out.
 */
export async function capturedFromMailsTo(email: string, pattern: RegExp): Promise<string[]> {
  const outbox = join(dataDir(), 'outbox');
  if (!existsSync(outbox)) {
    return [];
  }
  const found: string[] = [];
  for (const name of readdirSync(outbox).sort()) {
    if (!name.endsWith('.eml')) {
      continue;
    }
    const mail = await simpleParser(readFileSync(join(outbox, name)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (!to.some((t) => t.value.some((v) => v.address === email))) {
      continue;
    }
    const match = pattern.exec(mail.text ?? '');
    if (match?.[1]) {
      found.push(match[1]);
    }
  }
  return found;
}
