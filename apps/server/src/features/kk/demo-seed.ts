// Demo youth registries: a few hundred invented youths per demo barangay (SB, NN), the same on
// every start (seeded random), a few past 30 (flagged for removal) and a few public submissions
// waiting for verification. The names are made up from common Filipino names.
import {
  KK_CIVIL_STATUSES,
  KK_EDUCATION,
  KK_WORK_STATUSES,
  type KkProfileFields,
} from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { manilaDate } from '../tracker/context.ts';
import type { KkCipher } from './crypto.ts';
import { insertRows, newRow } from './repository.ts';

const LAST = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Aquino',
  'Navarro',
  'Salazar',
  'Mercado',
  'Pascual',
  'Soriano',
];
const FIRST_F = [
  'Maria',
  'Angel',
  'Kristine',
  'Joy',
  'Patricia',
  'Camille',
  'Andrea',
  'Nicole',
  'Jasmine',
  'Bea',
  'Trisha',
  'Sofia',
];
const FIRST_M = [
  'Juan',
  'Mark',
  'John Paul',
  'Carlo',
  'Miguel',
  'Joshua',
  'Paolo',
  'Kevin',
  'Rafael',
  'Jerome',
  'Christian',
  'Angelo',
];
const PUROK = ['Purok 1', 'Purok 2', 'Purok 3', 'Purok 4', 'Sitio Malinis', 'Sitio Bagong Silang'];

const pad = (n: number) => String(n).padStart(2, '0');

export function demoYouths(seed: number, count: number, today: string): KkProfileFields[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const [y] = today.split('-').map(Number) as [number];
  const out: KkProfileFields[] = [];
  for (let i = 0; i < count; i += 1) {
    const female = random() < 0.5;
    // Ages 15-30 (a few 31: past 30, flagged for removal).
    const age = i % 97 === 5 ? 31 : 15 + Math.floor(random() * 16);
    const birthday = `${String(y - age - 1)}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
    const classification =
      age < 18
        ? random() < 0.85
          ? 'ISY'
          : 'OSY'
        : pick(['ISY', 'OSY', 'NEET', 'WY', 'WY', 'YSN'] as const);
    out.push({
      lastName: pick(LAST),
      firstName: `${female ? pick(FIRST_F) : pick(FIRST_M)}${i >= 100 ? ` ${String.fromCharCode(65 + (i % 26))}.` : ''}`,
      middleName: pick(LAST),
      suffix: '',
      birthday,
      sexAtBirth: female ? 'Female' : 'Male',
      civilStatus: age < 20 ? 'Single' : pick(KK_CIVIL_STATUSES.slice(0, 2)),
      youthClassification: classification,
      specificNeeds: classification === 'YSN' ? pick(['PWD', 'CICL', 'IP'] as const) : null,
      email: '',
      contactNumber: `0917${String(1000000 + Math.floor(random() * 8999999))}`,
      homeAddress: pick(PUROK),
      education: age < 18 ? pick(KK_EDUCATION.slice(2, 4)) : pick(KK_EDUCATION.slice(3, 7)),
      workStatus: classification === 'WY' ? 'Employed' : pick(KK_WORK_STATUSES),
      skVoter: age >= 15 && random() < 0.7,
      nationalVoter: age >= 18 && random() < 0.8,
      votedLastElection: random() < 0.5,
      assembliesAttended: Math.floor(random() * 6),
    });
  }
  return out;
}

/** Seeds the demo barangays that have no profile yet; false when nothing was written. */
export async function seedDemoKk(db: AppDb, cipher: KkCipher, now: Date): Promise<boolean> {
  if (cipher.currentKeyId === '') {
    return false;
  }
  const barangays = await db
    .selectFrom('barangays')
    .select(['id', 'code'])
    .where('code', 'in', ['SB', 'NN'])
    .execute();
  const today = manilaDate(now);
  const at = now.toISOString();
  let seeded = false;
  for (const b of barangays) {
    const has = await db
      .selectFrom('kk_profiles')
      .select('id')
      .where('barangay_id', '=', b.id)
      .executeTakeFirst();
    if (has) {
      continue;
    }
    const youths = demoYouths(b.code === 'SB' ? 36 : 3636, b.code === 'SB' ? 320 : 240, today);
    const rows = youths.map((p, i) =>
      newRow(cipher, { barangayId: b.id }, p, {
        status: i % 53 === 7 ? 'pending' : 'verified',
        source: i % 53 === 7 ? 'public' : 'import',
        guardianConsent: i % 53 === 7,
        guardianName: i % 53 === 7 ? 'Demo Guardian' : '',
        createdBy: null,
        at,
      }),
    );
    await db.transaction().execute((trx) => insertRows(trx, rows));
    seeded = true;
  }
  return seeded;
}
