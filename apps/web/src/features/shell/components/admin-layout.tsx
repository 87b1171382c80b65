import { PRODUCT_NAME } from '../../../lib/site.ts';
import { AppShell } from './app-shell.tsx';
import { ADMIN_NAV } from './nav-items.ts';

export function AdminLayout() {
  return <AppShell title={`${PRODUCT_NAME} Admin`} items={ADMIN_NAV} />;
}
