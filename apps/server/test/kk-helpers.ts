import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { KkProfileFieldsInput } from '@sk-tanaw/contract';
import { ANNEX4_COLUMNS } from '../src/features/kk/annex4.ts';
import type { Session } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

/** A valid profile `age` years old on `today` (YYYY-MM-DD, not 31 December). */
export function youth(
  today: string,
  age: number,
  parts: Partial<KkProfileFieldsInput> = {},
): KkProfileFieldsInput {
  const [y] = today.split('-') as [string];
  return {
    lastName: 'Dimaculangan',
    firstName: 'Ligaya',
    middleName: 'Paraiso',
    suffix: '',
    birthday: `${String(Number(y) - age - 1)}-12-31`,
    sexAtBirth: 'Female',
    civilStatus: 'Single',
    youthClassification: 'ISY',
    specificNeeds: null,
    email: 'ligaya.d@example.com',
    contactNumber: '09998887766',
    homeAddress: 'Purok Mabuhay',
    education: 'College Level',
    workStatus: 'Unemployed',
    skVoter: true,
    nationalVoter: true,
    votedLastElection: false,
    assembliesAttended: 2,
    ...parts,
  };
}

export const ANNEX4_HEADERS = ANNEX4_COLUMNS.map((c) => c.header);

/** One Annex 4 row of cells (in ANNEX4_COLUMNS order) for a profile. */
export function annexRow(p: KkProfileFieldsInput): (string | number)[] {
  const yn = (v: boolean | undefined) => (v ? 'Yes' : 'No');
  const values: Record<string, string | number> = {
    ...(p as unknown as Record<string, string | number>),
    specificNeeds: p.specificNeeds ?? '',
    age: '',
    ageGroup: '',
    skVoter: yn(p.skVoter),
    nationalVoter: yn(p.nationalVoter),
    votedLastElection: yn(p.votedLastElection),
  };
  return ANNEX4_COLUMNS.map((c) => values[c.key] ?? '');
}

export function csvOf(headers: string[], rows: (string | number)[][]): Buffer {
  const esc = (v: string | number) => {
    const s = String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from([headers, ...rows].map((r) => r.map(esc).join(',')).join('\r\n') + '\r\n');
}

export async function xlsxOf(
  headers: string[],
  rows: (string | number | Date)[][],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Annex 4');
  sheet.addRow(headers);
  for (const r of rows) {
    sheet.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function importFile(
  app: FastifyInstance,
  session: Session,
  fileName: string,
  content: Buffer,
  skipBadRows = false,
) {
  const body = multipart(
    { skipBadRows: String(skipBadRows), reason: 'Import of the 2026 profiling' },
    { name: 'file', fileName, content },
  );
  return app.inject({
    method: 'POST',
    url: '/api/kk/import',
    headers: { ...session.headers, ...body.headers },
    payload: body.payload,
  });
}

/** One file of a zip (an .xlsx), found through its central directory. */
export function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entry === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the file`);
}
