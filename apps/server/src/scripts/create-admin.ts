// Makes a first administrator: a barangay's (MA or SA) or a city's (CA, in the city's row made
// by `npm run barangays -- add-city`). Every answer can be a flag; the password is never one:
//
//   printf '%s\n' "$PASSWORD" | npm run create-admin -- --barangay "City of Naga" --position CA \
//     --username naga.admin --full-name "Ana Cruz" --email ana.cruz@naga.gov.ph \
//     --phone 09170000000 --language en
//
// In a terminal, what the flags leave out is asked, the password without showing it. Piped, the
// first line of standard input is the password and every other answer must be a flag. Nothing
// is created, and the command exits 1 with the reason, when an answer is missing or refused.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { LANGUAGES, type Language } from '@sk-tanaw/contract';
import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';
import {
  createFirstAdmin,
  firstAdminProblems,
  type FirstAdminInput,
} from '../features/auth/first-admin.ts';
import { systemClock } from '../lib/clock.ts';
import { createPasswordHasher } from '../lib/passwords.ts';

const USAGE = `Usage: npm run create-admin -- --barangay NAME --position MA|SA|CA --username NAME
    --full-name NAME --email ADDRESS --phone 09XXXXXXXXX [--language en|fil]
  The password: typed when asked (not shown), or the first line of standard input when piped.
  --barangay: the barangay, or the city for a city account (--position CA), as imported with
  npm run barangays.`;

const POSITIONS = ['MA', 'SA', 'CA'] as const;
type Position = (typeof POSITIONS)[number];

/** The flags, and what each is asked as in a terminal. */
const QUESTIONS = [
  ['barangay', 'Barangay, or the city for a city account, as imported with npm run barangays'],
  [
    'position',
    'Position (MA: barangay administrator, SA: system administrator, CA: city administrator)',
  ],
  ['username', 'Username'],
  ['full-name', 'Full name'],
  ['email', 'Email address'],
  ['phone', 'Phone number (09XXXXXXXXX)'],
  ['language', 'Language (en or fil)'],
] as const;
type Answer = (typeof QUESTIONS)[number][0];

class UsageError extends Error {}

function parse() {
  try {
    return parseArgs({
      options: {
        barangay: { type: 'string' },
        position: { type: 'string' },
        username: { type: 'string' },
        'full-name': { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        language: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The password typed in a terminal, nothing echoed; Ctrl-C or Ctrl-D ends without creating. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (finish: () => void) => {
      input.setRawMode(false);
      input.off('data', onData);
      input.pause();
      // The terminal is not read again: let go of it (a paused TTY handle kept open crashed
      // node at exit once the database and the hasher's threads had run).
      input.destroy();
      process.stderr.write('\n');
      finish();
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          done(() => resolve(typed));
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          done(() => reject(new Error('cancelled.')));
          return;
        }
        if (char === '\u007f' || char === '\b') {
          typed = typed.slice(0, -1);
        } else if (char >= ' ') {
          typed += char;
        }
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** The first line of a piped standard input. */
async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
  }
  const [first = ''] = Buffer.concat(chunks).toString('utf8').split(/\r?\n/);
  return first;
}

async function answers(values: ReturnType<typeof parse>): Promise<FirstAdminInput> {
  const given: Partial<Record<Answer, string>> = {};
  for (const [flag] of QUESTIONS) {
    const value = values[flag]?.trim();
    if (value) {
      given[flag] = value;
    }
  }
  // The language has a default; everything else is asked in a terminal or must be a flag.
  const missing = QUESTIONS.filter(([flag]) => flag !== 'language' && !given[flag]);
  let password: string;
  if (process.stdin.isTTY) {
    if (missing.length > 0) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        for (const [flag, question] of missing) {
          given[flag] = (await rl.question(`${question}: `)).trim();
        }
      } finally {
        rl.close();
      }
    }
    password = await readHidden('Password (8-16 chars, upper, lower, digit, special; not shown): ');
  } else {
    if (missing.length > 0) {
      throw new UsageError(
        `Missing ${missing.map(([flag]) => `--${flag}`).join(', ')}: with standard input piped, every answer but the password is a flag.`,
      );
    }
    password = await readPipedLine();
    if (!password) {
      throw new Error(
        'No password on standard input: pipe it as the first line (printf "%s\\n" "$PASSWORD" | npm run create-admin -- ...).',
      );
    }
  }
  const position = (given.position ?? '').toUpperCase();
  if (!(POSITIONS as readonly string[]).includes(position)) {
    throw new Error(
      `The position must be MA (barangay administrator), SA (system administrator) or CA (city administrator), not "${given.position ?? ''}".`,
    );
  }
  const language = (given.language ?? 'en').toLowerCase();
  if (!(LANGUAGES as readonly string[]).includes(language)) {
    throw new Error(`The language must be en or fil, not "${given.language ?? ''}".`);
  }
  return {
    barangay: given.barangay ?? '',
    position: position as Position,
    username: given.username ?? '',
    fullName: given['full-name'] ?? '',
    email: given.email ?? '',
    phone: given.phone ?? '',
    language: language as Language,
    password,
  };
}

async function main(): Promise<void> {
  const values = parse();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values.password !== undefined) {
    throw new UsageError(
      'The password is not taken as a flag (it would stay in the shell history and the process list): type it when asked, or pipe it on standard input.',
    );
  }
  const config = loadConfig();
  const input = await answers(values);
  // Refused answers are reported before the database is opened or touched.
  const problems = firstAdminProblems(input, config);
  if (problems.length > 0) {
    throw new Error(problems.join('\n'));
  }
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db, systemClock.now());
    const hasher = createPasswordHasher(config.argon2);
    const admin = await createFirstAdmin(database.db, hasher, systemClock, input, config);
    process.stdout.write(`Administrator ${admin.username} created. Sign in at the landing page.\n`);
  } finally {
    await database.destroy();
  }
}

main().then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`No administrator was created: ${message}\n`);
    if (error instanceof UsageError) {
      process.stderr.write(`${USAGE}\n`);
    }
    process.exit(1);
  },
);
