import type { Executor } from '../../db/database.ts';
import { demoBarangaysPresent } from '../barangays/repository.ts';

/** Up to this many active barangays the landing page shows one button each (the spec's two). */
export const SITE_BARANGAY_BUTTONS = 4;

/**
 * What the landing page says of the installation, from its data: the barangays it serves (each
 * by name when they are few), their cities, the city offices, and whether it is the demo.
 */
export async function siteFacts(db: Executor) {
  const [cities, offices, demo] = await Promise.all([
    db
      .selectFrom('barangays')
      .select(['city', 'province', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('is_active', '=', 1)
      .where('kind', '=', 'barangay')
      .groupBy(['city', 'province'])
      .execute(),
    db
      .selectFrom('barangays')
      .select(['code', 'name'])
      .where('is_active', '=', 1)
      .where('kind', '=', 'city')
      .orderBy('name_key')
      .execute(),
    demoBarangaysPresent(db),
  ]);
  const barangayCount = cities.reduce((sum, c) => sum + Number(c.n), 0);
  const barangays =
    barangayCount <= SITE_BARANGAY_BUTTONS
      ? await db
          .selectFrom('barangays')
          .select(['code', 'name'])
          .where('is_active', '=', 1)
          .where('kind', '=', 'barangay')
          .orderBy('id')
          .execute()
      : [];
  return {
    barangays,
    barangayCount,
    cities: cities
      .flatMap((c) =>
        c.city ? [{ name: c.city, province: c.province, barangays: Number(c.n) }] : [],
      )
      .sort((a, b) => b.barangays - a.barangays || a.name.localeCompare(b.name)),
    offices,
    demo: demo.length > 0 && demo.every((b) => b.is_active === 1),
  };
}
