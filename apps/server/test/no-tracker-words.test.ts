import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product speaks for itself: no comment, document, test name or screen points at the team's
 * tracker ("issue" followed by a number, also when a comment wraps between the two). A comment
 * says what it means instead. Every tracked text file is read, but for lock files and binaries.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const TRACKER_REFERENCE = /\bissues?(?:\s|\/\/|\*)+#?\d+/i;
const SKIPPED =
  /(^|\/)(node_modules\/|package-lock\.json$|[^/]*\.lock$)|\.(png|jpe?g|gif|ico|webp|pdf|xlsx|gz|br|woff2?|bak|sqlite)$/i;

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((file) => file !== '' && !SKIPPED.test(file));
}

describe('no tracker references in the product', () => {
  it('no tracked source or document names an issue by its number', () => {
    const hits: string[] = [];
    for (const file of trackedFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        continue; // listed but not in the work tree (deleted, not yet committed)
      }
      if (text.includes('\0')) {
        continue;
      } // a binary file
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        const next = lines[index + 1] ?? '';
        if (TRACKER_REFERENCE.test(line) || TRACKER_REFERENCE.test(`${line}\n${next}`)) {
          hits.push(`${file}:${String(index + 1)}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect([...new Set(hits)]).toEqual([]);
  });

  it('the pattern catches what it is for', () => {
    // Built at run time, so this file does not hold what it looks for.
    const word = (n: number, plural = false) => `${plural ? 'Issues' : 'issue'} ${String(n)}`;
    expect(TRACKER_REFERENCE.test(`as agreed in ${word(36)}, item 4`)).toBe(true);
    expect(TRACKER_REFERENCE.test(`see ${word(34, true)} and 35`)).toBe(true);
    expect(TRACKER_REFERENCE.test(word(25).replace(' ', '\n * '))).toBe(true);
    expect(TRACKER_REFERENCE.test('contact support if the issue persists')).toBe(false);
  });
});
