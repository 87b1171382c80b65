import { describe, expect, it } from 'vitest';
import { cityNavFor } from './nav-items.ts';

describe('the city area links', () => {
  it('shows the Accounts and Database Backup links to the city administrator only', () => {
    expect(cityNavFor('CA').map((i) => i.to)).toEqual([
      '/city',
      '/city/reviews',
      '/city/dashboard',
      '/city/youth',
      '/city/turnover',
      '/city/accounts',
      '/city/backups',
    ]);
    for (const position of ['CYDO', 'CBO', 'SKF', 'MA', null]) {
      const links = cityNavFor(position).map((i) => i.to);
      expect(links, String(position)).not.toContain('/city/backups');
      expect(links, String(position)).not.toContain('/city/accounts');
    }
    expect(cityNavFor('cydo')).toHaveLength(5);
  });
});
