export { UserLayout } from './components/user-layout.tsx';
export { AdminLayout } from './components/admin-layout.tsx';
export { ADMIN_NAV, USER_NAV } from './components/nav-items.ts';
export type { NavItem } from './components/nav-items.ts';
