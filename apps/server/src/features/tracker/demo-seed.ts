import { Readable } from 'node:stream';
import { manilaYear, type ExpenseClass, type TrackerStatus, MONTHS } from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import { ensureTrackedItems } from '../../common/tracked-item-repository.ts';
import type { AppDb, AppTransaction } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { newStoredName, type DocumentStorage } from '../../lib/files/storage.ts';
import { abandonUploads, recordUploads, settleUploads } from '../../common/pending-uploads.ts';
import { TRACKER_MODULE, manilaDate } from './context.ts';
import { demoPhoto, prepareEvidence, type PreparedEvidence } from './evidence/index.ts';
import { addDays } from './figures.ts';
import * as evidenceRepo from './evidence-repository.ts';
import { itemHonorariaPosition, yearLines } from './honoraria.ts';
import * as repo from './repository.ts';

/**
 * Demo tracking of each barangay's posted plan of the current (Manila) year: items in every
 * status, checkpoints (one overdue on the day of seeding), disbursements (some lines near their
 * appropriation, some under half of it), the honoraria paid month by month, and two photos taken by "phones" (camera and GPS in
 * their EXIF) stored the way uploads are, without it, one of them public. Dates fall between
 * 1 January and the day of seeding.
 * Written once per barangay, into a tracker with no activity yet, in one transaction each.
 */

/** The statuses given to the plan's items in turn: every one appears in a plan of 8+ lines. */
const STATUS_CYCLE: TrackerStatus[] = [
  'completed',
  'ongoing',
  'ongoing',
  'not started',
  'completed',
  'ongoing',
  'deferred',
  'cancelled',
  'not started',
];

/** Share of each class's appropriation disbursed by status (ongoing lines alternate). */
function spentShare(status: TrackerStatus, index: number): number {
  if (status === 'completed') {
    return 0.96;
  }
  if (status === 'ongoing') {
    return index % 2 === 0 ? 0.62 : 0.3;
  }
  return 0;
}

interface DemoUsers {
  chairId: number;
  officialId: number;
}

/** Where the demo photos say they were taken (EXIF GPS, removed when stored). */
const PLACES: Record<string, { lat: number; lon: number }> = {
  sb: { lat: 14.7089, lon: 121.0336 },
  nn: { lat: 14.7242, lon: 121.0297 },
};

/**
 * The demo photos prepared so far in this process. The same barangay group and year give the
 * same photos byte for byte, so each is drawn, encoded and prepared once per process (a test
 * run builds hundreds of seeded servers in a few processes), not once per seeded start. At most
 * two groups a year are kept, a few hundred kilobytes.
 */
const made = new Map<string, Promise<PreparedEvidence[]>>();

/** Two photos as a phone takes them (camera and GPS in EXIF), prepared as uploads are. */
async function demoPhotos(prefix: string, year: number): Promise<PreparedEvidence[]> {
  const gps = PLACES[prefix] ?? { lat: 14.6, lon: 121.0 };
  // Barangays whose photos would come out the same share one preparation.
  const key = `${prefix === 'sb' ? 'sb' : 'other'}:${String(year)}:${String(gps.lat)}:${String(gps.lon)}`;
  const found = made.get(key);
  if (found) {
    return found;
  }
  const photos = Promise.all(
    ['Youth volunteers at the activity', 'Materials delivered'].map(async (label, i) =>
      prepareEvidence(
        await demoPhoto({
          width: 640,
          height: 480,
          seed: year * 10 + i + (prefix === 'sb' ? 0 : 5),
          label,
          gps,
        }),
      ),
    ),
  );
  made.set(key, photos);
  // A failed preparation is not kept: the next start tries again.
  void photos.catch(() => made.delete(key));
  return photos;
}

interface StoredPhoto {
  prepared: PreparedEvidence;
  storedName: string;
  thumbnailName: string;
}

/**
 * An honoraria item paid month by month: a twelfth of its appropriation for each month ended
 * before today (never more than the schedule), one payroll each; the item ongoing.
 */
async function payHonoraria(
  trx: AppTransaction,
  scope: BarangayScope,
  users: DemoUsers,
  item: repo.ItemRow,
  line: repo.LineRow,
  today: string,
  disbursements: Parameters<typeof repo.insertDisbursements>[2],
  stamp: string,
): Promise<void> {
  const year = item.year;
  await repo.updateItem(trx, scope, item.id, item.version, {
    status: 'ongoing',
    planned_start: `${String(year)}-01-01`,
    planned_end: `${String(year)}-12-31`,
    actual_start: `${String(year)}-01-01`,
    accomplishment: 'Paid monthly per the posted honoraria schedule.',
    version: item.version + 1,
    updated_by: users.officialId,
    updated_at: stamp,
  });
  const monthly = Math.floor(line.ps / 12);
  for (let month = 1; month <= 12; month += 1) {
    const last = addDays(
      `${String(month === 12 ? year + 1 : year)}-${pad(month === 12 ? 1 : month + 1)}-01`,
      -1,
    );
    if (last >= today || monthly === 0) {
      break;
    }
    disbursements.push({
      item_id: item.id,
      disbursed_on: last,
      amount_cents: monthly,
      expense_class: 'PS',
      reference: `PR-${String(year)}-${pad(month)}`,
      note: `Honoraria for ${MONTHS[month - 1] ?? ''} ${String(year)}`,
      recorded_by: users.officialId,
      recorded_at: stamp,
    });
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
async function seedBarangay(
  trx: AppTransaction,
  scope: BarangayScope,
  users: DemoUsers,
  year: number,
  now: Date,
  photos: StoredPhoto[],
  storage: DocumentStorage,
): Promise<boolean> {
  const plan = await repo.newestPostedPlan(trx, scope, year);
  if (!plan || (await repo.hasTrackerActivity(trx, scope))) {
    return false;
  }
  await ensureTrackedItems(trx, scope, year, now);
  const lines = new Map(
    (await yearLines(trx, scope, year))
      .filter((l) => l.plan_id === plan.id)
      .map((l) => [l.reference_code, l]),
  );
  const everyItem = await repo.itemsOfYear(trx, scope, year);
  const items = everyItem.filter((i) => itemHonorariaPosition(year, i.reference_code) === null);
  const stamp = now.toISOString();
  const today = manilaDate(now);
  const start = `${String(year)}-01-01`;
  const span = Math.max(0, (Date.parse(today) - Date.parse(start)) / 86_400_000);
  /** A date `share` of the way from 1 January to today. */
  const dateAt = (share: number) => addDays(start, Math.floor(span * share));
  const disbursements: Parameters<typeof repo.insertDisbursements>[2] = [];
  let ongoingSeen = 0;
  for (const [index, item] of items.entries()) {
    const line = lines.get(item.reference_code);
    const status = STATUS_CYCLE[index % STATUS_CYCLE.length] ?? 'not started';
    if (!line) {
      continue;
    }
    const begun = status === 'completed' || status === 'ongoing';
    await repo.updateItem(trx, scope, item.id, item.version, {
      status,
      planned_start: dateAt(0.1),
      planned_end: status === 'completed' ? dateAt(0.8) : `${String(year)}-12-15`,
      actual_start: begun ? dateAt(0.15) : null,
      actual_end: status === 'completed' ? dateAt(0.85) : null,
      accomplishment:
        status === 'completed'
          ? `${line.ppa}: carried out as planned; ${line.performance_indicator.toLowerCase() || 'targets'} met.`
          : status === 'ongoing'
            ? 'Under way; about half of the activities held so far.'
            : '',
      remarks:
        status === 'cancelled'
          ? 'Cancelled by SK resolution: the partner agency withdrew.'
          : status === 'deferred'
            ? 'Deferred to the next fiscal year for lack of a venue.'
            : '',
      version: item.version + 1,
      updated_by: users.officialId,
      updated_at: stamp,
    });
    const share = spentShare(status, index);
    const classes: [ExpenseClass, number][] = [
      ['PS', line.ps],
      ['MOOE', line.mooe],
      ['CO', line.co],
    ];
    for (const [expenseClass, appropriated] of classes) {
      const total = Math.floor((appropriated * share) / 100) * 100;
      const first = Math.floor((total * 0.6) / 100) * 100;
      for (const [amount, at, n] of [
        [first, 0.3, 1],
        [total - first, 0.7, 2],
      ] as const) {
        if (amount > 0) {
          disbursements.push({
            item_id: item.id,
            disbursed_on: dateAt(at),
            amount_cents: amount,
            expense_class: expenseClass,
            reference: `DV-${String(year)}-${String(item.id).padStart(3, '0')}-${String(n)}`,
            note: n === 1 ? 'First tranche' : 'Final tranche',
            recorded_by: users.officialId,
            recorded_at: stamp,
          });
        }
      }
    }
    if (status === 'ongoing') {
      ongoingSeen += 1;
      // The first ongoing item has a checkpoint a week overdue; the next one a coming one.
      const overdue = ongoingSeen === 1;
      await repo.insertCheckpoint(trx, scope, {
        item_id: item.id,
        title: overdue ? 'Venue and permits secured' : 'Participants registered',
        due_on: overdue ? addDays(today, -7) : addDays(today, 30),
        done_on: null,
        note: overdue ? 'Waiting for the barangay hall schedule.' : '',
        created_by: users.chairId,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    if (status === 'completed') {
      await repo.insertCheckpoint(trx, scope, {
        item_id: item.id,
        title: 'Activity report submitted',
        due_on: dateAt(0.9),
        done_on: dateAt(0.88),
        note: '',
        created_by: users.chairId,
        created_at: stamp,
        updated_at: stamp,
      });
    }
  }
  for (const item of everyItem.filter((i) => !items.includes(i))) {
    const line = lines.get(item.reference_code);
    if (line) {
      await payHonoraria(trx, scope, users, item, line, today, disbursements, stamp);
    }
  }
  await repo.insertDisbursements(trx, scope, disbursements);
  // The first photo is of a completed item and public; the second of an ongoing one, private.
  const photoItems = ['completed', 'ongoing'].map((status) =>
    items.find((_, i) => STATUS_CYCLE[i % STATUS_CYCLE.length] === status),
  );
  for (const [i, photo] of photos.entries()) {
    const item = photoItems[i];
    if (!item) {
      continue;
    }
    await evidenceRepo.insertEvidence(trx, scope, {
      item_id: item.id,
      kind: photo.prepared.kind,
      stored_name: photo.storedName,
      thumbnail_name: photo.thumbnailName,
      file_name: `IMG_${String(year)}${String(i + 1).padStart(4, '0')}.${photo.prepared.extension}`,
      content_type: photo.prepared.contentType,
      size_bytes: photo.prepared.body.length,
      caption:
        i === 0 ? 'Youth volunteers at the activity' : 'Materials delivered for the activity',
      is_public: i === 0 ? 1 : 0,
      uploaded_by: users.officialId,
      uploaded_at: stamp,
    });
  }
  for (const photo of photos) {
    await storage.write(photo.storedName, Readable.from([photo.prepared.body]));
    if (photo.prepared.thumbnail) {
      await storage.write(photo.thumbnailName, Readable.from([photo.prepared.thumbnail]));
    }
  }
  await writeAudit(trx, {
    scope,
    userId: null,
    username: 'system',
    module: TRACKER_MODULE,
    action: 'DEMO_TRACKER_SEEDED',
    description: `Demo tracking of the ${String(year)} budget plan created`,
    at: now,
  });
  return true;
}

/** Seeds the demo tracking once per barangay; whether anything was written. */
export async function seedDemoTracker(
  db: AppDb,
  storage: DocumentStorage,
  now: Date,
  prefixes: readonly string[] = ['sb', 'nn'],
): Promise<boolean> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'username', 'barangay_id'])
    .where(
      'username',
      'in',
      prefixes.flatMap((p) => [`${p}.chair`, `${p}.official`]),
    )
    .execute();
  const year = manilaYear(now);
  let seeded = false;
  for (const prefix of prefixes) {
    const chair = people.find((p) => p.username === `${prefix}.chair`);
    const official = people.find((p) => p.username === `${prefix}.official`);
    const scope = chair ? { barangayId: chair.barangay_id } : null;
    if (
      !chair ||
      !official ||
      !scope ||
      !(await repo.newestPostedPlan(db, scope, year)) ||
      (await repo.hasTrackerActivity(db, scope))
    ) {
      continue;
    }
    // Decoded and re-encoded before the transaction, which then only writes.
    const photos = (await demoPhotos(prefix, year)).map((prepared) => ({
      prepared,
      storedName: newStoredName(prepared.extension),
      thumbnailName: newStoredName('jpg'),
    }));
    const users = { chairId: chair.id, officialId: official.id };
    // Pending before any is stored, settled with the rows (common/pending-uploads.ts).
    const names = photos.flatMap((photo) => [photo.storedName, photo.thumbnailName]);
    await recordUploads(db, names, scope.barangayId, now);
    try {
      if (
        await db.transaction().execute(async (trx) => {
          await settleUploads(trx, names);
          return seedBarangay(trx, scope, users, year, now, photos, storage);
        })
      ) {
        seeded = true;
      }
    } catch (error) {
      await abandonUploads(db, storage, names);
      throw error;
    }
  }
  return seeded;
}
