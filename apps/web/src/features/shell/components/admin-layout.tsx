import { useT } from '../../../i18n/index.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';
import { AppShell } from './app-shell.tsx';
import { ADMIN_NAV } from './nav-items.ts';

export function AdminLayout() {
  const t = useT();
  return (
    <AppShell title={t('shell.adminTitle', { productName: PRODUCT_NAME })} items={ADMIN_NAV} />
  );
}
