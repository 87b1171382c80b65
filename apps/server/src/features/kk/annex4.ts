// The youth database spreadsheet of DILG MC No. 2022-033 (its Annex 4): the columns as the spec
// lists them (not checked against the annex's own file, which was not at hand;
// docs/features/kk-registry.md). Reading
// (.csv through csv-parse here, .xlsx through exceljs in annex4-xlsx.ts, loaded when used).
import { parse } from 'csv-parse/sync';
import {
  KK_CIVIL_STATUSES,
  KK_CLASSIFICATIONS,
  KK_EDUCATION,
  KK_SPECIFIC_NEEDS,
  KK_WORK_STATUSES,
} from '@sk-tanaw/contract';

export interface Annex4Column {
  /** The field of the profile (or a computed one). */
  key: string;
  header: string;
  /** Other header texts accepted on import (lower case, letters and digits only). */
  aliases: string[];
  required: boolean;
  width: number;
}

const col = (
  key: string,
  header: string,
  required: boolean,
  width: number,
  aliases: string[] = [],
): Annex4Column => ({ key, header, aliases, required, width });

export const ANNEX4_COLUMNS: readonly Annex4Column[] = [
  col('lastName', 'Last Name', true, 18, ['surname', 'apelyido']),
  col('firstName', 'First Name', true, 18, ['givenname', 'pangalan']),
  col('middleName', 'Middle Name', false, 16),
  col('suffix', 'Suffix', false, 8),
  col('birthday', 'Birthday (YYYY-MM-DD)', true, 14, ['birthday', 'birthdate', 'dateofbirth']),
  col('age', 'Age', false, 6),
  col('sexAtBirth', 'Sex Assigned at Birth', true, 10, ['sex']),
  col('civilStatus', 'Civil Status', true, 12),
  col('youthClassification', 'Youth Classification', true, 12),
  col('specificNeeds', 'Youth with Specific Needs', false, 12, ['specificneeds']),
  col('ageGroup', 'Youth Age Group', false, 10),
  col('email', 'E-mail Address', false, 24, ['email', 'emailaddress']),
  col('contactNumber', 'Contact Number', false, 14, ['contactno', 'mobilenumber']),
  col('homeAddress', 'Home Address (Purok/Sitio)', true, 24, ['homeaddress', 'purok', 'address']),
  col('education', 'Highest Educational Attainment', true, 18, ['educationalbackground']),
  col('workStatus', 'Work Status', true, 16),
  col('skVoter', 'Registered SK Voter', true, 8, ['skvoter']),
  col('nationalVoter', 'Registered National Voter', true, 8, ['nationalvoter']),
  col('votedLastElection', 'Voted Last SK Election', true, 8, ['votedlastelection']),
  col('assembliesAttended', 'KK Assemblies Attended (how many)', true, 8, [
    'kkassembliesattended',
    'assembliesattended',
    'timesattended',
  ]),
];

/** The Annex 4 header of a profile field (a schema issue's path), or null for another field. */
export function columnHeader(field: unknown): string | null {
  return ANNEX4_COLUMNS.find((column) => column.key === field)?.header ?? null;
}

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A table read from a file: its header texts and its rows of cell texts, with row numbers. */
export interface SheetTable {
  headers: string[];
  rows: { rowNumber: number; cells: string[] }[];
}

export function readCsv(bytes: Buffer): SheetTable {
  const records: string[][] = parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
    relax_column_count: true,
    skip_empty_lines: false,
  });
  const table: SheetTable = { headers: [], rows: [] };
  records.forEach((cells, i) => {
    if (table.headers.length === 0) {
      if (cells.some((c) => c.trim() !== '')) {
        table.headers = cells;
      }
      return;
    }
    table.rows.push({ rowNumber: i + 1, cells });
  });
  return table;
}

/** Which column of the file each Annex 4 field is in; the missing required headers. */
export function mapHeaders(headers: string[]): { index: Map<string, number>; missing: string[] } {
  const index = new Map<string, number>();
  const keys = headers.map(headerKey);
  for (const column of ANNEX4_COLUMNS) {
    const wanted = [headerKey(column.header), ...column.aliases];
    const at = keys.findIndex((k) => wanted.includes(k));
    if (at >= 0) {
      index.set(column.key, at);
    }
  }
  const missing = ANNEX4_COLUMNS.filter((c) => c.required && !index.has(c.key)).map(
    (c) => c.header,
  );
  return { index, missing };
}

const pick = <T extends string>(
  list: readonly T[],
  text: string,
  aliases: Record<string, T> = {},
) => list.find((v) => v.toLowerCase() === text.toLowerCase()) ?? aliases[headerKey(text)] ?? text;

const CLASSIFICATION_ALIASES: Record<string, (typeof KK_CLASSIFICATIONS)[number]> = {
  inschoolyouth: 'ISY',
  outofschoolyouth: 'OSY',
  notineducationemploymentortraining: 'NEET',
  workingyouth: 'WY',
  youthwithspecificneeds: 'YSN',
};
const NEEDS_ALIASES: Record<string, (typeof KK_SPECIFIC_NEEDS)[number]> = {
  personwithdisability: 'PWD',
  childreninconflictwiththelaw: 'CICL',
  indigenouspeople: 'IP',
};

function yesNo(text: string): boolean | string {
  const t = text.trim().toLowerCase();
  if (['yes', 'y', 'oo', 'true', '1'].includes(t)) {
    return true;
  }
  if (['no', 'n', 'hindi', 'false', '0'].includes(t)) {
    return false;
  }
  return text;
}

/** Month names and their short forms, in English and in Filipino, as people type them. */
const MONTHS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    ['january', 'jan', 'enero', 'ene'],
    ['february', 'feb', 'pebrero', 'peb'],
    ['march', 'mar', 'marso'],
    ['april', 'apr', 'abril', 'abr'],
    ['may', 'mayo'],
    ['june', 'jun', 'hunyo', 'hun'],
    ['july', 'jul', 'hulyo', 'hul'],
    ['august', 'aug', 'agosto', 'ago'],
    ['september', 'sep', 'sept', 'setyembre', 'set'],
    ['october', 'oct', 'oktubre', 'okt'],
    ['november', 'nov', 'nobyembre', 'nob'],
    ['december', 'dec', 'disyembre', 'dis'],
  ].flatMap((names, i) => names.map((name) => [name, i + 1])),
);

const iso = (y: string, m: number | string, d: string) =>
  `${y}-${String(m).padStart(2, '0')}-${d.padStart(2, '0')}`;

/**
 * A birthday as councils type it, as YYYY-MM-DD (the schema then judges whether the day exists):
 * year first (2008-03-15, 2008/3/15); month first with slashes, dashes or dots (3/15/2008, the
 * order Philippine forms use); or with the month's name in English or Filipino (March 15, 2008;
 * 15 Mar 2008; 15-Mar-2008; Marso 15, 2008). Two-digit years are left as they are: 08 could be
 * 1908 or 2008, so the schema refuses them instead of guessing.
 */
export function readBirthday(text: string): string {
  const t = text.trim();
  // A date-time (a spreadsheet's date cell saved as text) keeps its day.
  const yearFirst =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      t,
    );
  if (yearFirst) {
    const [, y, m, d] = yearFirst as unknown as [string, string, string, string];
    return iso(y, m, d);
  }
  const monthFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  if (monthFirst) {
    const [, m, d, y] = monthFirst as unknown as [string, string, string, string];
    return iso(y, m, d);
  }
  const named = /^([a-z]+)\.?[\s-]+(\d{1,2}),?[\s-]+(\d{4})$/i.exec(t);
  const month = named && MONTHS[(named[1] ?? '').toLowerCase()];
  if (named && month) {
    return iso(named[3] ?? '', month, named[2] ?? '');
  }
  const dayFirst = /^(\d{1,2})[\s-]+([a-z]+)\.?,?[\s-]+(\d{4})$/i.exec(t);
  const dayMonth = dayFirst && MONTHS[(dayFirst[2] ?? '').toLowerCase()];
  if (dayFirst && dayMonth) {
    return iso(dayFirst[3] ?? '', dayMonth, dayFirst[1] ?? '');
  }
  return t;
}

/**
 * A mobile number as a spreadsheet keeps it when typed into a cell not formatted as text:
 * LibreOffice Calc (and Excel) read 09171234567 as the number 9171234567, dropping the leading
 * zero. Ten digits starting with 9 are such a number (a Philippine mobile number is 09 and nine
 * digits); the zero is put back. Anything else is left as it is, for the schema to judge.
 */
function contactNumber(text: string): string {
  return /^9\d{9}$/.test(text) ? `0${text}` : text;
}

/** One row's cells as the fields the contract's schema checks (values coerced, not judged). */
export function rowFields(cells: string[], index: Map<string, number>): Record<string, unknown> {
  const get = (key: string) => {
    const at = index.get(key);
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const needs = get('specificNeeds');
  const count = get('assembliesAttended');
  return {
    lastName: get('lastName'),
    firstName: get('firstName'),
    middleName: get('middleName'),
    suffix: get('suffix'),
    birthday: readBirthday(get('birthday')),
    sexAtBirth: pick(['Male', 'Female'], get('sexAtBirth'), { m: 'Male', f: 'Female' }),
    civilStatus: pick(KK_CIVIL_STATUSES, get('civilStatus')),
    youthClassification: pick(
      KK_CLASSIFICATIONS,
      get('youthClassification'),
      CLASSIFICATION_ALIASES,
    ),
    specificNeeds: needs === '' ? null : pick(KK_SPECIFIC_NEEDS, needs, NEEDS_ALIASES),
    email: get('email'),
    contactNumber: contactNumber(get('contactNumber')),
    homeAddress: get('homeAddress'),
    education: pick(KK_EDUCATION, get('education')),
    workStatus: pick(KK_WORK_STATUSES, get('workStatus')),
    skVoter: yesNo(get('skVoter')),
    nationalVoter: yesNo(get('nationalVoter')),
    votedLastElection: yesNo(get('votedLastElection')),
    assembliesAttended: /^\d+$/.test(count) ? Number(count) : count,
  };
}
