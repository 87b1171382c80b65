import { PRODUCT_NAME } from '../../../lib/site.ts';
import { AppShell } from './app-shell.tsx';
import { USER_NAV } from './nav-items.ts';

export function UserLayout() {
  return <AppShell title={PRODUCT_NAME} items={USER_NAV} />;
}
