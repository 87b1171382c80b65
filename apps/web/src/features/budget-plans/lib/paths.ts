export const PLANS_PATH = '/budget-planning';
export const ADMIN_PLANS_PATH = '/admin/budget-planning';

/** The list's path of the area the page is in: the admin area has its own, read only. */
export function planBasePath(pathname: string): string {
  return pathname === ADMIN_PLANS_PATH || pathname.startsWith(`${ADMIN_PLANS_PATH}/`)
    ? ADMIN_PLANS_PATH
    : PLANS_PATH;
}
