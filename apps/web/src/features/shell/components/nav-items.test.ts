import { describe, expect, it } from 'vitest';
import { cityNavFor } from './nav-items.ts';

describe('the city area links', () => {
  it('shows the Database Backup link to the city administrator only (issue 34 item 3)', () => {
    expect(cityNavFor('CA').map((i) => i.to)).toEqual([
      '/city',
      '/city/reviews',
      '/city/dashboard',
      '/city/youth',
      '/city/backups',
    ]);
    for (const position of ['CYDO', 'CBO', 'SKF', 'MA', null]) {
      expect(
        cityNavFor(position).map((i) => i.to),
        String(position),
      ).not.toContain('/city/backups');
    }
    expect(cityNavFor('cydo')).toHaveLength(4);
  });
});
