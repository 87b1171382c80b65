export const TRACKER_PATH = '/tracker';
export const ADMIN_TRACKER_PATH = '/admin/tracker';

/** The tracker's path of the area the page is in: the admin area has its own, read only. */
export function trackerBasePath(pathname: string): string {
  return pathname === ADMIN_TRACKER_PATH || pathname.startsWith(`${ADMIN_TRACKER_PATH}/`)
    ? ADMIN_TRACKER_PATH
    : TRACKER_PATH;
}

export const itemPathOf = (basePath: string, id: number) => `${basePath}/items/${String(id)}`;

/** The tracker of a year (the year picker's choice travels in the address). */
export const yearPathOf = (basePath: string, year: number | null) =>
  year === null ? basePath : `${basePath}?year=${String(year)}`;
