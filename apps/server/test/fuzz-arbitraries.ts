// fast-check generators for fuzzing the API from its OpenAPI document: every operation with its
// path parameters, query and body schema, and hostile variants of each (wrong types, huge sizes,
// control and bidi characters, lone surrogates, prototype keys, broken multipart framing).
import fc from 'fast-check';

type JsonSchema = Record<string, unknown>;

export interface FuzzOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  jsonBody: JsonSchema | null;
  multipart: boolean;
}

export interface FuzzBody {
  label: string;
  payload: string | Buffer;
  headers: Record<string, string>;
}

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, as in a browser),
 * leaving only the unreserved characters of RFC 3986 as they are. The engine's own encoder does
 * the work (a loop over the bytes was the fuzz's costliest function, its values being huge);
 * it leaves five more characters as they are, encoded after it.
 */
export function percentEncode(value: string): string {
  const wellFormed = value.replace(LONE_SURROGATE, '\uFFFD');
  return encodeURIComponent(wellFormed).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Raw, already-encoded path and query pieces that no encoder would produce. */
export const RAW_URL_PIECES = ['%FF', '%C0%AF', '%', '%2', '%00', '%E2%80%AE', '..%2F..%2F', '%ZZ'];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(document: unknown): FuzzOperation[] {
  const paths = isRecord(document) && isRecord(document.paths) ? document.paths : {};
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) {
      continue;
    }
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) {
        continue;
      }
      const parameters = Array.isArray(op.parameters) ? op.parameters.filter(isRecord) : [];
      const paramsIn = (where: string) =>
        parameters
          .filter((p) => p.in === where && typeof p.name === 'string')
          .map((p) => ({ name: String(p.name), schema: isRecord(p.schema) ? p.schema : {} }));
      const content =
        isRecord(op.requestBody) && isRecord(op.requestBody.content) ? op.requestBody.content : {};
      const json = content['application/json'];
      operations.push({
        method: method.toUpperCase() as FuzzOperation['method'],
        path,
        pathParams: paramsIn('path'),
        queryParams: paramsIn('query'),
        jsonBody: isRecord(json) && isRecord(json.schema) ? json.schema : null,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/** Characters that break naive code: NUL, controls, bidi overrides, BOM, lone surrogates. */
const HOSTILE_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\n',
  '\r',
  '\t',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\ud83d',
  '😀',
  '𝕏',
  'ñ',
  'İ',
  'ß',
  '"',
  "'",
  '\\',
  '/',
  '%',
  '%00',
  '../',
  '<',
  '>',
  '&',
  ';',
  '`',
  '$',
  '{',
  '}',
  '=',
  '+',
  '@',
  '*',
  '?',
  '#',
];

const hostileChar = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_CHARS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);

const KNOWN_WORDS = [
  'sb.official',
  'sb.chair',
  'sb.admin',
  'nn.official',
  'San Bartolome',
  'Nagkaisang Nayon',
  'Tanaw#2025',
  'Pending Review',
  'Proposal Accepted',
  'admin',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1',
  '2',
  '1e309',
  "' OR '1'='1",
  '"; drop table users; --',
  '=HYPERLINK("http://x")',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
];

/** Strings of every shape: plain, hostile, known values, exactly at and past length limits. */
export function stringArbitrary(schema: JsonSchema = {}): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 80) }) },
    { weight: 3, arbitrary: fc.string({ unit: hostileChar, maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...KNOWN_WORDS) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '   \t\n') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(max, max + 1, 10_000, 300_000),
          fc.constantFrom('a', 'é', '😀', '\u0000'),
        )
        .map(([n, c]) => c.repeat(n)),
    },
  ];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    options.push({ weight: 6, arbitrary: fc.constantFrom(...schema.enum.map(String)) });
  }
  if (typeof schema.pattern === 'string' && schema.pattern.includes('\\d{6}')) {
    options.push({ weight: 4, arbitrary: fc.stringMatching(/^\d{6}$/) });
  }
  if (schema.format === 'email') {
    options.push({ weight: 4, arbitrary: fc.emailAddress() });
  }
  return fc.oneof(...options);
}

const numberArbitrary = fc.oneof(
  fc.integer({ min: -3, max: 40 }),
  fc.integer(),
  fc.constantFrom(
    0,
    -0,
    1.5,
    -1,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, for wrong-type substitutions and extra fields. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    numberArbitrary,
    stringArbitrary(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(stringArbitrary(), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** JSON text of a value; objects are written as entry lists so `__proto__` stays an own key. */
type JsonText = string;

function entriesText(entries: [string, JsonText][]): JsonText {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Prototype-pollution payloads: `{"__proto__":{"polluted":1}}` and friends. */
const pollutionText: fc.Arbitrary<JsonText> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom('polluted', 'isAdmin', 'position'))
  .map(([key, field]) =>
    key === 'constructor'
      ? `{"prototype":{${JSON.stringify(field)}:"yes"}}`
      : `{${JSON.stringify(field)}:"yes"}`,
  );

/** JSON text for a schema: mostly close to valid, often with one field broken. */
export function valueText(schema: JsonSchema, depth = 0): fc.Arbitrary<JsonText> {
  const wrong = anyJson.map((v) => JSON.stringify(v));
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    return fc.oneof(...variants.map((v) => valueText(v, depth)), wrong);
  }
  const nullable = schema.nullable === true ? [fc.constant('null')] : [];
  let right: fc.Arbitrary<JsonText>;
  switch (schema.type) {
    case 'object':
      right = depth > 3 ? fc.constant('{}') : objectText(schema, depth + 1);
      break;
    case 'array': {
      const items = isRecord(schema.items) ? schema.items : {};
      right = fc
        .array(valueText(items, depth + 1), { maxLength: depth > 2 ? 2 : 6 })
        .map((xs) => `[${xs.join(',')}]`);
      break;
    }
    case 'integer':
    case 'number':
      right = numberArbitrary.map((n) => JSON.stringify(n));
      break;
    case 'boolean':
      right = fc.boolean().map(String);
      break;
    case 'string':
      right = stringArbitrary(schema).map((s) => JSON.stringify(s));
      break;
    default:
      right = wrong;
  }
  return fc.oneof(
    { weight: 6, arbitrary: right },
    { weight: 1, arbitrary: wrong },
    ...nullable.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function objectText(schema: JsonSchema, depth: number): fc.Arbitrary<JsonText> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const known = Object.entries(properties).map(([name, sub]) =>
    fc.option(
      valueText(isRecord(sub) ? sub : {}, depth).map((v): [string, JsonText] => [name, v]),
      { freq: 6 },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc.tuple(
        stringArbitrary(),
        anyJson.map((v) => JSON.stringify(v)),
      ),
      fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), pollutionText),
    ),
    { maxLength: 3 },
  );
  return fc
    .tuple(fc.tuple(...known), extra, fc.boolean())
    .map(([knownEntries, extraEntries, shuffle]) => {
      const entries = [
        ...knownEntries.filter((e): e is [string, JsonText] => e !== null),
        ...extraEntries,
      ];
      return entriesText(shuffle ? entries.reverse() : entries);
    });
}

/** A whole JSON request: the schema's shape, or broken framing, wrong types and huge bodies. */
export function bodyArbitrary(op: FuzzOperation): fc.Arbitrary<FuzzBody> {
  const json = (label: string) => (payload: string) => ({
    label,
    payload,
    headers: { 'content-type': 'application/json' },
  });
  const shaped = op.jsonBody ? valueText(op.jsonBody) : valueText({ type: 'object' });
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map(json('schema-shaped JSON')) },
    { weight: 2, arbitrary: pollutionText.map(json('prototype keys')) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', '{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__":', '"x')
        .map(json('broken JSON')),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('null', '[]', '0', '"text"', 'true', '[{"__proto__":{"polluted":1}}]')
        .map(json('non-object JSON')),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(1024 * 1024 + 10, 3 * 1024 * 1024)
        .map((n) => json('over the body limit')(`{"x":"${'a'.repeat(n)}"}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=utf-16',
          'application/jsonx',
          '',
        )
        .map(
          (type): FuzzBody => ({
            label: `content-type ${type || '(none)'}`,
            payload: '{"a":1}',
            headers: type ? { 'content-type': type } : {},
          }),
        ),
    },
  );
}

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

const FILE_NAMES = [
  'a.pdf',
  'plan.PDF',
  'x.docx',
  'x.doc',
  'x.exe',
  '../../etc/passwd',
  'C:\\Windows\\x.pdf',
  '',
  '\u202egpj.pdf',
  'a\u0000.pdf',
  '😀.pdf',
  '.pdf',
  'a'.repeat(600) + '.pdf',
  'con.pdf',
];

/** Field names a route may read: the ones of every known form plus random ones. */
const FIELD_NAMES = [
  'title',
  'description',
  'userId',
  'notes',
  'projectFile',
  'file',
  'remarks',
  'status',
  'username',
  'password',
  'barangay',
  '__proto__',
  'constructor',
];

function multipartFrame(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  if (close) {
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
  }
  return Buffer.concat(chunks);
}

/** multipart/form-data bodies: random fields, random or real file parts, broken framing. */
export function multipartArbitrary(
  _op: FuzzOperation,
  realFiles: Buffer[],
): fc.Arbitrary<FuzzBody> {
  const fieldPart = fc.record({
    name: fc.oneof(fc.constantFrom(...FIELD_NAMES), stringArbitrary({ maxLength: 20 })),
    value: fc.oneof(
      stringArbitrary(),
      fc.integer({ min: -2, max: 40 }).map(String),
      fc.constant('x'.repeat(70 * 1024)),
    ),
  });
  const fileContent = fc.oneof(
    fc.constantFrom(...realFiles),
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
    fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('PK\u0003\u0004'),
      Buffer.alloc(1024 * 1024 + 100, 0x25),
    ),
  );
  const filePart = fc.record({
    name: fc.constantFrom('projectFile', 'file', 'document', 'upload', 'backup', 'csv', 'x'),
    value: fileContent,
    // Raw CR/LF included: readUpload answers the parser's stall on them as malformed.
    fileName: fc.oneof(fc.constantFrom(...FILE_NAMES), stringArbitrary({ maxLength: 40 })),
    contentType: fc.constantFrom(
      'application/pdf',
      'application/octet-stream',
      'text/csv',
      'application/zip',
      'text/html',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ),
  });
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const header = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.array(fieldPart, { maxLength: 5 }), fc.array(filePart, { maxLength: 2 }))
        .map(([fields, files]) => ({
          label: `multipart ${String(fields.length)} fields, ${String(files.length)} files`,
          payload: multipartFrame(boundary, [...fields, ...files]),
          headers: header,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.array(fieldPart, { maxLength: 3 }).map((fields) => ({
        label: 'multipart without boundary',
        payload: multipartFrame(boundary, fields),
        headers: { 'content-type': 'multipart/form-data' },
      })),
    },
    {
      weight: 1,
      arbitrary: fc.array(filePart, { minLength: 1, maxLength: 1 }).map((files) => ({
        label: 'multipart cut short',
        payload: multipartFrame(boundary, files, false).subarray(0, 120),
        headers: header,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.array(fieldPart, { minLength: 21, maxLength: 30 }).map((fields) => ({
        label: 'multipart with too many fields',
        payload: multipartFrame(boundary, fields),
        headers: header,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        label: 'multipart wrong boundary',
        payload: multipartFrame('other', [{ name: 'title', value: 'x' }]),
        headers: header,
      }),
    },
  );
}

/**
 * A value for a URL: a string of the schema cut to 4,096 UTF-16 units. Node's HTTP parser
 * refuses a request whose request line and headers pass 16 KiB (431, before the app); `inject()`
 * has no such limit, and the 300,000-character values (meant for bodies) made the fuzz spend
 * most of its time encoding and parsing URLs no client can send. Bodies still get them whole.
 */
const urlString = (schema: JsonSchema = {}) =>
  stringArbitrary(schema).map((v) => v.slice(0, 4_096));

/** Path parameter values (already encoded): valid-looking ids and names, and hostile ones. */
export function paramArbitrary(op: FuzzOperation): fc.Arbitrary<Record<string, string>> {
  const entries = op.pathParams.map(({ name, schema }) =>
    fc
      .oneof(
        {
          weight: 8,
          arbitrary: (schema.type === 'integer' || schema.type === 'number'
            ? fc.oneof(
                { weight: 5, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
                { weight: 2, arbitrary: numberArbitrary.map(String) },
                { weight: 1, arbitrary: urlString({ maxLength: 30 }) },
              )
            : urlString(schema)
          ).map(percentEncode),
        },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
      )
      .map((v): [string, string] => [name, v]),
  );
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs));
}

/** A query string: the declared parameters with hostile values, plus repeated and extra keys. */
export function queryArbitrary(op: FuzzOperation): fc.Arbitrary<string> {
  const declared = op.queryParams.map(({ name, schema }) =>
    fc.option(
      urlString(schema).map((v) => `${percentEncode(name)}=${percentEncode(v)}`),
      { freq: 3 },
    ),
  );
  const extra = fc.array(
    fc
      .tuple(
        fc.constantFrom('__proto__[polluted]', 'constructor', 'page', 'limit', 'q'),
        urlString(),
      )
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...declared), extra)
    .map(([parts, more]) => [...parts.filter((p): p is string => p !== null), ...more].join('&'));
}
