import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvLine,
  csvLines,
  csvNumber,
  csvText,
  csvTextMemo,
  neutralise,
  unneutralise,
} from '../src/index.ts';

describe('the CSV writer', () => {
  it('writes plain text as it is', () => {
    expect(csvText('Livelihood Skills Training')).toBe('Livelihood Skills Training');
    expect(csvText('Clean-up Drive')).toBe('Clean-up Drive');
    expect(csvText('')).toBe('');
  });

  it('quotes a field holding a quote, comma, semicolon or line break, doubling its quotes', () => {
    expect(csvText('Peace, Order')).toBe('"Peace, Order"');
    expect(csvText('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvText('Youth; Sports')).toBe('"Youth; Sports"');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'puts an apostrophe before a text beginning with %j, and the import takes it off again',
    (prefix) => {
      const text = `${prefix}SUM(A1:A9)`;
      expect(neutralise(text)).toBe(`'${text}`);
      expect(unneutralise(neutralise(text))).toBe(text);
      const field = csvText(text);
      expect(field.startsWith(`'${prefix}`) || field.startsWith(`"'${prefix}`)).toBe(true);
    },
  );

  it('neutralises before quoting, so the apostrophe is inside the quotes', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('\rcarriage')).toBe(`"'\rcarriage"`);
  });

  it('neutralises a text that reads as a negative number, but never a number cell', () => {
    expect(csvText('-5')).toBe("'-5");
    expect(csvNumber(-5)).toBe('-5');
    expect(csvNumber(-5, 2)).toBe('-5.00');
    expect(csvNumber(12_500.5)).toBe('12500.5');
    expect(csvNumber(0.25, 1)).toBe('0.3');
    expect(csvNumber(Number.NaN)).toBe('');
    expect(csvNumber(Infinity, 2)).toBe('');
  });

  it('leaves alone an apostrophe it did not add', () => {
    expect(unneutralise("'quoted")).toBe("'quoted");
    expect(unneutralise("'")).toBe("'");
    expect(unneutralise('=x')).toBe('=x');
  });

  it('ends every line with CRLF', () => {
    expect(csvLine([csvText('PPA'), csvText('Budget 2024')])).toBe('PPA,Budget 2024\r\n');
    expect(
      csvLines([
        [csvText('a'), csvNumber(1)],
        [csvText('b, c'), csvNumber(-2)],
      ]),
    ).toBe('a,1\r\n"b, c",-2\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });

  it('gives the same fields when each distinct text is worked out once', () => {
    const memo = csvTextMemo(2);
    for (const text of ['=1', 'a,b', '=1', 'plain', 'a,b', '=1', '@x']) {
      expect(memo(text)).toBe(csvText(text));
    }
  });
});
