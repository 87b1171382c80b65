import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { LanguageSwitch, useT } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { hardNavigate } from '../../../lib/navigation.ts';
import { clearSession } from '../../../lib/session-store.ts';
import type { NavItem } from './nav-items.ts';
import { Sidebar, sidebarIdentity } from './sidebar.tsx';

/** Sidebar plus a nested content area; shared by the user, admin and city areas. */
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
  useT(); // re-renders on a language switch: the identity's 'User' fallback is translated
  const { user, logout } = useAuth();
  const [collapsed, setCollapsed] = useState(false);
  const identity = sidebarIdentity(user);

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
      <Sidebar
        title={title}
        items={items}
        name={identity.name}
        position={identity.position}
        collapsed={collapsed}
        onToggle={() => setCollapsed((c) => !c)}
        onLogout={() => void onLogout()}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {/* The app's header: the language switch, at the top right of every page. */}
        <Box
          component="header"
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            minHeight: 44,
            px: { xs: 3, lg: 5 },
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <LanguageSwitch color="text.secondary" />
        </Box>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 3, lg: 5 } }}>
          <Suspense fallback={<LoadingScreen />}>{children ?? <Outlet />}</Suspense>
        </Box>
      </Box>
    </Box>
  );
}
