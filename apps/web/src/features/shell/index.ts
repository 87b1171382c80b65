export { UserLayout } from './components/user-layout.tsx';
export { AdminLayout } from './components/admin-layout.tsx';
export { AppShell } from './components/app-shell.tsx';
export { ADMIN_NAV, CITY_NAV, USER_NAV, cityNavFor } from './components/nav-items.ts';
export type { NavItem } from './components/nav-items.ts';
