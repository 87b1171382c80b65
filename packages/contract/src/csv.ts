/**
 * The one CSV writer of the server's raw-data export and the web's downloads (RFC 4180 with CRLF
 * line ends), and its formula rule. Functions return fields, ready to join with ',':
 * - a text cell beginning with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`, so
 *   Excel and LibreOffice show it as text instead of running it (the raw-data import removes the
 *   `'` again: `unneutralise`). This holds for every text, even one that reads as a number: the
 *   text '-5' is written `'-5`;
 * - a number cell (`csvNumber`) is written as digits and never neutralised: -5 stays -5, so a
 *   spreadsheet reads it as a number (a number cannot run as a formula);
 * - a field holding a quote, comma, semicolon, CR or LF is quoted, its quotes doubled. Semicolons
 *   too, because many spreadsheets (and our import) also read semicolon-separated files.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** Line end of every CSV line. */
export const CSV_EOL = '\r\n';

/** Byte order mark: spreadsheets then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** A text as a spreadsheet must show it: formula-looking text gets a leading apostrophe. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse on import, so an exported file imports back unchanged. */
export function unneutralise(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** The field of a text cell: neutralised, then quoted when it must be. */
export function csvText(text: string): string {
  const safe = neutralise(text);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The field of a number cell, never neutralised: `String(value)`, or with `fractionDigits`
 * decimals. Not a finite number: an empty field.
 */
export function csvNumber(value: number, fractionDigits?: number): string {
  if (!Number.isFinite(value)) {
    return '';
  }
  return fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
}

/** One line of fields, CRLF-terminated. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.join(',')}${CSV_EOL}`;
}

/** Lines of fields (a small download made in one piece). */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('');
}

/**
 * `csvText` that works each distinct text out once: for columns whose texts repeat a lot (a big
 * export's targets: '1 seminar', '12 months'). Forgets everything after `max` texts.
 */
export function csvTextMemo(max = 10_000): (text: string) => string {
  const fields = new Map<string, string>();
  return (text) => {
    let field = fields.get(text);
    if (field === undefined) {
      field = csvText(text);
      if (fields.size >= max) {
        fields.clear();
      }
      fields.set(text, field);
    }
    return field;
  };
}
