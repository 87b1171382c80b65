import { describe, expect, it } from 'vitest';
import { isActivePath, sidebarIdentity } from '../src/features/shell/components/sidebar.tsx';
import { ADMIN_NAV, USER_NAV } from '../src/features/shell/index.ts';

describe('sidebar', () => {
  it("falls back to the username, then 'User', for the name and 'User' for the position", () => {
    expect(sidebarIdentity({ fullName: 'Ana Cruz', username: 'ana', position: 'SKO' })).toEqual({
      name: 'Ana Cruz',
      position: 'SKO',
    });
    expect(sidebarIdentity({ fullName: ' ', username: 'ana', position: '' })).toEqual({
      name: 'ana',
      position: 'User',
    });
    expect(sidebarIdentity(null)).toEqual({ name: 'User', position: 'User' });
  });

  it('shows the council duties an account holds beside its position', () => {
    expect(
      sidebarIdentity({ fullName: 'Ana Cruz', position: 'SKO', duties: ['secretary', 'bmo'] }),
    ).toEqual({ name: 'Ana Cruz', position: 'SKO · SK Secretary · Budget Monitoring Officer' });
  });

  it('highlights a link by the current path', () => {
    expect(isActivePath('/dashboard', '/dashboard')).toBe(true);
    expect(isActivePath('/dashboard/x', '/dashboard')).toBe(true);
    expect(isActivePath('/admin/dashboard', '/dashboard')).toBe(false);
  });

  it('lists the four user links, the youth plan (CBYDP), Budget Planning, the tracker, the procurement, the vouchers, the cash book, the youth registry, the council duties and the turnover, and the nine admin screens, the plans and the tracker', () => {
    expect(USER_NAV.map((item) => item.to)).toEqual([
      '/dashboard',
      '/projects',
      '/predictive-analytics',
      '/forecast',
      '/cbydp',
      '/budget-planning',
      '/tracker',
      '/procurement',
      '/vouchers',
      '/books',
      '/kk',
      '/council',
      '/turnover',
    ]);
    expect(ADMIN_NAV).toHaveLength(11);
    expect(ADMIN_NAV.at(-2)).toMatchObject({
      to: '/admin/budget-planning',
      label: 'Budget Planning',
    });
    expect(ADMIN_NAV.at(-1)).toMatchObject({ to: '/admin/tracker', label: 'Project Tracker' });
  });
});
