import { describe, expect, it } from 'vitest';
import { pageCount } from './page-count.ts';

describe('log pagination count', () => {
  it('is open-ended while more pages follow and exact on the last page', () => {
    expect(pageCount(0, 50, { rows: new Array(50), hasMore: true })).toBe(-1);
    expect(pageCount(2, 50, { rows: new Array(7), hasMore: false })).toBe(107);
    expect(pageCount(0, 50, undefined)).toBe(0);
  });
});
