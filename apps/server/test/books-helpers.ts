import type { Voucher, VoucherInput, VoucherList, VoucherPayment } from '@sk-tanaw/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { login, type Session, type TestApp } from './helpers.ts';
import { api } from './tracker-helpers.ts';

/** An SK official account added to a barangay (the demo has one official per barangay). */
export async function addOfficial(
  t: TestApp,
  barangayCode: string,
  username: string,
  barangayName?: string,
): Promise<{ id: number; session: () => Promise<Session> }> {
  const { db, hasher } = t.app.services;
  const stamp = t.clock.now().toISOString();
  const barangay = await db
    .selectFrom('barangays')
    .select(['id', 'name'])
    .where('code', '=', barangayCode)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('users')
    .values({
      barangay_id: barangay.id,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hasher.hash(DEMO_PASSWORD),
      full_name: `${username.split('.')[1] ?? username} Reyes`,
      position: 'SKO',
      email: `${username}@gmail.com`,
      phone: `0918${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      created_at: stamp,
      updated_at: stamp,
      password_changed_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    session: () => login(t.app, username, DEMO_PASSWORD, barangayName ?? barangay.name),
  };
}

/** The chairperson gives a council duty to an account. */
export async function giveDuty(
  t: TestApp,
  chair: Session,
  duty: 'treasurer' | 'bmo',
  userId: number,
): Promise<void> {
  const r = await api(t.app, 'PUT', `/api/council/duties/${duty}`, chair, { userId });
  expect(r.statusCode, r.body).toBe(200);
}

export const vouchersUrl = '/api/books/vouchers';
export const voucherUrl = (id: number, rest = '') => `${vouchersUrl}/${String(id)}${rest}`;

export function draftBody(amount: number, parts: Partial<VoucherInput> = {}): VoucherInput {
  return {
    objectCode: '5-02-03-990',
    amount,
    payee: 'Bayanihan Medical Supply',
    payeeTin: '123-456-789-000',
    payeeAddress: 'Rizal St., San Bartolome',
    particulars: 'Medical supplies for the health caravan',
    ...parts,
  };
}

export const checkPayment = (
  date: string,
  parts: Partial<VoucherPayment> = {},
): VoucherPayment => ({
  mode: 'check',
  date,
  checkNumber: '0001234',
  bank: 'Land Bank of the Philippines',
  ...parts,
});

export function voucherOf(response: LightMyRequestResponse): Voucher {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ voucher: Voucher }>().voucher;
}

export async function vouchers(t: TestApp, who: Session, year: number): Promise<VoucherList> {
  const r = await api(t.app, 'GET', `${vouchersUrl}?year=${String(year)}`, who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ books: VoucherList }>().books;
}
