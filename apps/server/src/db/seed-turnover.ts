import type { Kysely } from 'kysely';
import { OFFICE_REQUIREMENTS } from '@sk-tanaw/contract';
import type { DB } from './schema.ts';
import { DEMO_PASSWORD } from './seed.ts';

/**
 * The demo's turnover, once (SEED_DEMO_TURNOVER, on with SEED_DEMO): San Bartolome in the
 * middle of it (its SK Inventory Team formed, the inventory partly counted, the new council's
 * chairperson and three members added by the city, some of their requirements before assuming
 * office missing) and Nagkaisang Nayon done (its team formed, the inventory signed, its new
 * chairperson and seven members in, every requirement recorded and verified).
 *
 * The new officials belong to the term after the one running at `now` (or, once no later term
 * is stored, the one running), with the demo password, so they sign in whatever the date; the
 * inventory is the outgoing term's (the one before theirs).
 */

export const DEMO_NEW_COUNCIL = {
  SB: {
    chair: { username: 'sb.chair.new', fullName: 'Andrea Villanueva' },
    members: ['Paolo Santiago', 'Bea Navarro', 'Kiko Bautista'],
  },
  NN: {
    chair: { username: 'nn.chair.new', fullName: 'Miguel Fernandez' },
    members: [
      'Joy Mendoza',
      'Carlo Reyes',
      'Nina Castillo',
      'Rico Dela Paz',
      'Lea Ramos',
      'Jomar Cruz',
      'Tess Aguilar',
    ],
  },
} as const;

/** Which requirements of SB's new officials are recorded (the rest are missing). */
const SB_DONE: Record<number, readonly string[]> = {
  0: ['proclamation', 'oath', 'soce'],
  1: ['proclamation', 'oath'],
  2: ['proclamation'],
  3: [],
};

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '');

export async function seedDemoTurnover(
  db: Kysely<DB>,
  enabled: boolean,
  hash: (password: string) => Promise<string>,
  now: Date,
): Promise<boolean> {
  if (!enabled) {
    return false;
  }
  const iso = now.toISOString();
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', 'in', [
      DEMO_NEW_COUNCIL.SB.chair.username,
      DEMO_NEW_COUNCIL.NN.chair.username,
    ])
    .executeTakeFirst();
  if (taken) {
    return false;
  }
  const terms = await db.selectFrom('sk_terms').selectAll().orderBy('starts_at').execute();
  const incoming =
    terms.find((t) => t.starts_at > iso) ??
    terms.find((t) => t.starts_at <= iso && iso < t.ends_at);
  const outgoing = incoming ? terms[terms.indexOf(incoming) - 1] : undefined;
  const places = await db
    .selectFrom('barangays')
    .select(['id', 'code'])
    .where('code', 'in', ['SB', 'NN'])
    .execute();
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'username_key', 'barangay_id', 'position', 'full_name'])
    .where('username_key', 'in', ['sb.chair', 'sb.official', 'nn.chair', 'nn.official', 'qc.ydo'])
    .execute();
  const user = (key: string) => accounts.find((a) => a.username_key === key);
  const ydo = user('qc.ydo');
  if (!incoming || !outgoing || places.length < 2 || !ydo) {
    return false;
  }
  const passwordHash = await hash(DEMO_PASSWORD);
  const day = (offset: number) =>
    new Date(Date.parse(`${incoming.starts_on}T00:00:00Z`) + offset * 86_400_000)
      .toISOString()
      .slice(0, 10);
  await db.transaction().execute(async (trx) => {
    for (const code of ['SB', 'NN'] as const) {
      const place = places.find((p) => p.code === code);
      const chair = user(`${code.toLowerCase()}.chair`);
      const official = user(`${code.toLowerCase()}.official`);
      if (!place || !chair || !official) {
        continue;
      }
      const done = code === 'NN';
      // The outgoing council's SK Inventory Team and its physical count.
      const team = await trx
        .insertInto('turnover_teams')
        .values({
          barangay_id: place.id,
          term_starts_on: outgoing.starts_on,
          order_number: `SK-${code}-${incoming.starts_on.slice(0, 4)}-007`,
          order_date: day(-40),
          signed_on: done ? day(-3) : null,
          created_by: chair.id,
          created_at: iso,
          updated_by: chair.id,
          updated_at: iso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('turnover_team_members')
        .values([
          {
            team_id: team.id,
            user_id: chair.id,
            role: 'chair',
            name: chair.full_name,
            sort_order: 0,
          },
          {
            team_id: team.id,
            user_id: official.id,
            role: 'vice chair',
            name: official.full_name,
            sort_order: 1,
          },
        ])
        .execute();
      const rows = [
        ['property', 'Laptop computer', 1, 'unit', 3_500_000, 'serviceable', 'SK office'],
        ['property', 'Sound system (speakers and mixer)', 1, 'set', 2_800_000, 'missing', ''],
        [
          'document',
          'SK resolutions, minutes and logbooks',
          3,
          'box',
          null,
          'serviceable',
          'SK office cabinet',
        ],
        ['money', 'Petty cash fund', 1, 'fund', 500_000, 'serviceable', 'SK treasurer'],
      ] as const;
      for (const [category, description, quantity, unit, amount, condition, location] of done
        ? rows
        : rows.slice(0, 2)) {
        await trx
          .insertInto('turnover_rows')
          .values({
            barangay_id: place.id,
            term_starts_on: outgoing.starts_on,
            category,
            description,
            quantity,
            unit,
            amount_cents: amount,
            acquired_on: null,
            condition: done && condition === 'missing' ? 'repair' : condition,
            location,
            remarks: '',
            created_by: chair.id,
            created_at: iso,
            updated_by: chair.id,
            updated_at: iso,
          })
          .execute();
      }
      // The new council, added by the city, with the demo password.
      const council = DEMO_NEW_COUNCIL[code];
      const people = [
        { username: council.chair.username, fullName: council.chair.fullName, position: 'SKC' },
        ...council.members.map((name, i) => ({
          username: `${code.toLowerCase()}.kagawad${String(i + 1)}.new`,
          fullName: name,
          position: 'SKO',
        })),
      ];
      for (const [i, p] of people.entries()) {
        const created = await trx
          .insertInto('users')
          .values({
            barangay_id: place.id,
            username: p.username,
            username_key: p.username,
            password_hash: passwordHash,
            full_name: p.fullName,
            position: p.position,
            email: `${slug(p.fullName)}.${code.toLowerCase()}.demo@gmail.com`,
            phone: '',
            is_default_password: 0,
            term_id: incoming.id,
            created_at: iso,
            updated_at: iso,
            // NN's have all set a password; SB's chairperson has, its members not yet.
            password_changed_at: done || i === 0 ? iso : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const keys = done ? OFFICE_REQUIREMENTS.map((r) => r.key) : (SB_DONE[i] ?? []);
        for (const key of keys) {
          await trx
            .insertInto('office_requirements')
            .values({
              barangay_id: place.id,
              user_id: created.id,
              requirement: key,
              done_on: day(-20 + OFFICE_REQUIREMENTS.findIndex((r) => r.key === key) * 3),
              reference: `${key.toUpperCase()}-${code}-${String(i + 1).padStart(3, '0')}`,
              file_stored_name: null,
              file_name: null,
              recorded_by: created.id,
              recorded_at: iso,
              verified_by: done ? ydo.id : null,
              verified_at: done ? iso : null,
            })
            .execute();
        }
      }
    }
  });
  return true;
}
