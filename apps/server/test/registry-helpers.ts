import type { AppDb } from '../src/db/database.ts';
import type { CityRoleCode } from '@sk-tanaw/contract';
import { importBarangays } from '../src/features/barangays/repository.ts';
import { ensureCityRow } from '../src/features/barangays/names-repository.ts';
import { findCities, psgcRegistry } from '../src/lib/psgc.ts';

/** Imports every barangay of one city of the vendored PSGC registry, as the CLI does. */
export async function importCity(db: AppDb, name: string, province?: string) {
  const registry = psgcRegistry();
  const cities = findCities(registry, name, province);
  const [city] = cities;
  if (!city || cities.length !== 1) {
    throw new Error(`${name} names ${cities.length} cities`);
  }
  const list = registry.barangays.filter((b) => b.city === city);
  return { city, list, result: await importBarangays(db, list, new Date(), city.name) };
}

/**
 * An administrator, a chair and an official in the barangay with this code, with the demo
 * password (sb.admin's hash): usernames `${prefix}.admin`, `.chair`, `.official`.
 */
export async function addCouncil(db: AppDb, code: string, prefix: string): Promise<string[]> {
  const barangay = await db
    .selectFrom('barangays')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const model = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username_key', '=', 'sb.admin')
    .executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  const roles = [
    ['admin', 'MA'],
    ['chair', 'SKC'],
    ['official', 'SKO'],
  ] as const;
  await db
    .insertInto('users')
    .values(
      roles.map(([role, position], i) => ({
        barangay_id: barangay.id,
        username: `${prefix}.${role}`,
        username_key: `${prefix}.${role}`,
        password_hash: model.password_hash,
        full_name: `${prefix.toUpperCase()} ${role} person`,
        position,
        email: `${prefix}.${role}.test@gmail.com`,
        phone: `0918000${String(barangay.id).padStart(3, '0')}${i}`,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  return roles.map(([role]) => `${prefix}.${role}`);
}

/**
 * A city's row (kind `city`, with this code) and one account of each given city role in it,
 * with the demo password: usernames `${prefix}.${role code, lower case}`.
 */
export async function addCityAccounts(
  db: AppDb,
  name: string,
  code: string,
  prefix: string,
  positions: readonly CityRoleCode[],
  province?: string,
): Promise<string[]> {
  const [city] = findCities(psgcRegistry(), name, province);
  if (!city) {
    throw new Error(`${name} is not in the registry`);
  }
  const row = await ensureCityRow(db, city, code, new Date());
  const model = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username_key', '=', 'sb.admin')
    .executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  const names = positions.map((p) => `${prefix}.${p.toLowerCase()}`);
  await db
    .insertInto('users')
    .values(
      positions.map((position, i) => ({
        barangay_id: row.id,
        username: names[i] ?? '',
        username_key: names[i] ?? '',
        password_hash: model.password_hash,
        full_name: `${prefix.toUpperCase()} ${position} person`,
        position,
        email: `${prefix}.${position.toLowerCase()}.test@gmail.com`,
        phone: `0919000${String(row.id).padStart(3, '0')}${i}`,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  return names;
}
