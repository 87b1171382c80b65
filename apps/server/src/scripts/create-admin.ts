// Makes the first administrator: `npm run create-admin` asks for each value,
// or `npm run create-admin -- --username ana --full-name "Ana Cruz" --barangay "San Bartolome"
//   --email ana@gmail.com --phone 09170000000 --password 'S3cure#pass' [--position SA]`.
// A city's administrator (issue 34): `--barangay "Quezon City" --position CA`, once the city's
// row exists (`npm run barangays -- add-city --city "Quezon City" --code QC`).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';
import { createFirstAdmin, type FirstAdminInput } from '../features/auth/first-admin.ts';
import { systemClock } from '../lib/clock.ts';
import { createPasswordHasher } from '../lib/passwords.ts';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    'full-name': { type: 'string' },
    barangay: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    position: { type: 'string', default: 'MA' },
  },
});

async function ask(): Promise<FirstAdminInput> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const get = async (value: string | undefined, question: string) =>
    value ?? (await rl.question(`${question}: `)).trim();
  try {
    const input: FirstAdminInput = {
      username: await get(values.username, 'Username'),
      fullName: await get(values['full-name'], 'Full name'),
      barangay: await get(
        values.barangay,
        'Barangay (San Bartolome, Nagkaisang Nayon, or one added with npm run barangays)',
      ),
      email: await get(values.email, 'Email address'),
      phone: await get(values.phone, 'Phone number'),
      password: await get(values.password, 'Password (8-16 chars, upper, lower, digit, special)'),
      position: values.position === 'SA' ? 'SA' : values.position === 'CA' ? 'CA' : 'MA',
    };
    return input;
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    await seedReferenceData(database.db, systemClock.now());
    const input = await ask();
    const hasher = createPasswordHasher(config.argon2);
    const admin = await createFirstAdmin(database.db, hasher, systemClock, input);
    process.stdout.write(`Administrator ${admin.username} created. Sign in at the landing page.\n`);
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
