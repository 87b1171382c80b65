import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_STATUSES } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { PROJECT_STATUS_FIL } from '../src/features/projects/mail.ts';

// The status mail names a proposal's status in Filipino with the words the web shows (the web's
// catalogue, common.projectStatus.*): when one changes, this test says the other must too.

const LOCALES = join(import.meta.dirname, '../../web/src/locales');
const read = (locale: string) =>
  JSON.parse(readFileSync(join(LOCALES, locale, 'common.json'), 'utf8')) as Record<string, string>;

describe('project status words', () => {
  it('are the same in the Filipino mail as on the Filipino screens, for every status', () => {
    const english = read('en');
    const filipino = read('fil');
    const onScreen = Object.fromEntries(
      Object.keys(english)
        .filter((key) => key.startsWith('common.projectStatus.'))
        .map((key) => [english[key], filipino[key]]),
    );
    expect(Object.keys(onScreen).sort()).toEqual([...PROJECT_STATUSES].sort());
    expect(PROJECT_STATUS_FIL).toEqual(onScreen);
  });
});
