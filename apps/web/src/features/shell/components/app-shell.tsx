import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Menu from '@mui/icons-material/Menu';
import { Outlet, useLocation } from 'react-router-dom';
import { APP_HEADER } from '../../../components/app-header-size.ts';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { LanguageSwitch, useT } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { hardNavigate } from '../../../lib/navigation.ts';
import { clearSession } from '../../../lib/session-store.ts';
import type { NavItem } from './nav-items.ts';
import { Sidebar, sidebarIdentity } from './sidebar.tsx';

const DRAWER_ID = 'app-drawer';

// The phone's drawer (MUI's drawer, modal and slide: about 9 KB gzipped) loads when the menu
// button is first pressed, not with every page; a wide screen never loads it.
const Drawer = lazy(() => import('@mui/material/Drawer'));

/**
 * Sidebar plus a nested content area; shared by the user, admin and city areas. Below 1024 px
 * (a phone) the sidebar is a drawer behind the header's menu button, closed again by a link.
 */
export function AppShell({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly NavItem[];
  /** The content; the route's outlet without it (the city area shows its page itself). */
  children?: ReactNode;
}) {
  const { user, logout } = useAuth();
  // Also re-renders on a language switch: the identity's 'User' fallback is translated.
  const t = useT();
  const [collapsed, setCollapsed] = useState(false);
  const identity = sidebarIdentity(user);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const { pathname } = useLocation();
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  // Open for the page it was opened on: following one of its links closes it.
  const drawerOpen = narrow && drawerAt === pathname;
  // Mounted from its first opening on (so that it can slide closed again).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) {
    setDrawerUsed(true);
  }

  const onLogout = async () => {
    try {
      await logout();
    } catch (error) {
      // Logout must still complete when the action throws.
      console.error('Logout failed; signing out locally.', error);
      clearSession();
      hardNavigate('/');
    }
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {narrow ? (
        drawerUsed ? (
          <Suspense fallback={null}>
            <Drawer
              id={DRAWER_ID}
              open={drawerOpen}
              onClose={() => setDrawerAt(null)}
              slotProps={{ paper: { sx: { bgcolor: 'primary.dark' } } }}
            >
              <Sidebar
                title={title}
                items={items}
                name={identity.name}
                position={identity.position}
                collapsed={false}
                onToggle={() => setDrawerAt(null)}
                onLogout={() => void onLogout()}
                inDrawer
              />
            </Drawer>
          </Suspense>
        ) : null
      ) : (
        <Sidebar
          title={title}
          items={items}
          name={identity.name}
          position={identity.position}
          collapsed={collapsed}
          onToggle={() => setCollapsed((c) => !c)}
          onLogout={() => void onLogout()}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {/* The app's header: the language switch, at the top right of every page. */}
        <Box
          component="header"
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 1,
            minHeight: APP_HEADER.minHeight,
            px: narrow ? 1 : { xs: 3, lg: 5 },
            borderBottom: APP_HEADER.border,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          {narrow ? (
            <>
              <IconButton
                aria-label={t('shell.menu.open')}
                aria-controls={drawerOpen ? DRAWER_ID : undefined}
                aria-expanded={drawerOpen}
                onClick={() => setDrawerAt(pathname)}
                sx={{ width: APP_HEADER.menuButton, height: APP_HEADER.menuButton }}
              >
                <Menu />
              </IconButton>
              <BrandMark size={26} />
              <Typography component="span" sx={{ fontWeight: 800, flexGrow: 1 }} noWrap>
                {title}
              </Typography>
            </>
          ) : null}
          <LanguageSwitch color="text.secondary" />
        </Box>
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            p: narrow ? 2 : { xs: 3, lg: 5 },
            pb: narrow ? 10 : undefined,
          }}
        >
          <Suspense fallback={<LoadingScreen />}>{children ?? <Outlet />}</Suspense>
        </Box>
      </Box>
    </Box>
  );
}
