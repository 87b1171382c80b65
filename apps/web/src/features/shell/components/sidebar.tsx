import { lazy, Suspense } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Logout from '@mui/icons-material/Logout';
import { NavLink, useLocation } from 'react-router-dom';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { i18n, useT } from '../../../i18n/index.ts';
import type { NavItem } from './nav-items.ts';
import type { CouncilDuty } from '@sk-tanaw/contract';
import { withDuties } from '../../council/duty-label.ts';

// The collapsed sidebar's link names (a desktop choice, never a phone's): MUI's tooltip and the
// popper under it (about 11 KB gzipped) load when the sidebar is first collapsed, not with every
// page; until then a link shows without its tooltip.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

export const SIDEBAR_WIDTH = 272;
export const SIDEBAR_COLLAPSED_WIDTH = 76;

/**
 * Name and position as the sidebar shows them, with the spec's 'User' fallbacks (in the language
 * shown; call it while rendering).
 */
export function sidebarIdentity(
  user: {
    fullName?: string | null;
    username?: string | null;
    position?: string | null;
    duties?: readonly CouncilDuty[];
  } | null,
): { name: string; position: string } {
  const fallback = i18n._('shell.identity.user');
  const name = user?.fullName?.trim() || user?.username?.trim() || fallback;
  // The position, then the council duties the account holds ("SKO · SK Treasurer").
  const position = withDuties(user?.position?.trim() || fallback, user?.duties, (id) => i18n._(id));
  return { name, position };
}

/** True when `pathname` is the link's page or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export interface SidebarProps {
  title: string;
  items: readonly NavItem[];
  name: string;
  position: string;
  collapsed: boolean;
  onToggle: () => void;
  onLogout: () => void;
  /** In the phone's drawer: the toggle closes the drawer, and the list takes its own height. */
  inDrawer?: boolean;
}

export function Sidebar({
  title,
  items,
  name,
  position,
  collapsed,
  onToggle,
  onLogout,
  inDrawer = false,
}: SidebarProps) {
  const t = useT();
  const { pathname } = useLocation();
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <Box
      component="aside"
      aria-label={title}
      sx={{
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        flexShrink: 0,
        transition: 'width 200ms ease',
        bgcolor: 'primary.dark',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        position: inDrawer ? 'static' : 'sticky',
        top: 0,
        height: inDrawer ? '100%' : '100vh',
        overflowX: 'hidden',
        overflowY: 'auto',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2, minHeight: 68 }}>
        <BrandMark />
        {collapsed ? null : (
          <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.1rem', flexGrow: 1 }}>
            {title}
          </Typography>
        )}
        <IconButton
          onClick={onToggle}
          aria-label={
            inDrawer
              ? t('shell.menu.close')
              : collapsed
                ? t('shell.sidebar.expand')
                : t('shell.sidebar.collapse')
          }
          aria-expanded={inDrawer ? undefined : !collapsed}
          sx={{ color: '#fff', ml: collapsed ? 0 : 'auto' }}
          size="small"
        >
          {collapsed ? <ChevronRight /> : <ChevronLeft />}
        </IconButton>
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)' }} />
      <Box
        data-testid="sidebar-identity"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2.5 }}
      >
        <Avatar sx={{ bgcolor: 'secondary.main', color: 'primary.dark', fontWeight: 700 }}>
          {initials || 'U'}
        </Avatar>
        {collapsed ? null : (
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {name}
            </Typography>
            {/* Wraps: a position may carry council duties ("SKO · SK Secretary · ..."). */}
            <Typography variant="body2" sx={{ color: '#d6def0', overflowWrap: 'anywhere' }}>
              {position}
            </Typography>
          </Box>
        )}
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)' }} />
      <Box component="nav" aria-label={t('shell.sidebar.label')} sx={{ flexGrow: 1 }}>
        <List sx={{ px: 1, py: 1.5 }}>
          {items.map((item) => {
            // The deepest matching link only (/city/dashboard, not /city as well).
            const active =
              isActivePath(pathname, item.to) &&
              !items.some(
                (other) =>
                  other.to.length > item.to.length &&
                  other.to.startsWith(`${item.to}/`) &&
                  isActivePath(pathname, other.to),
              );
            const link = (
              <ListItemButton
                component={NavLink}
                to={item.to}
                // NavLink marks a link current for its paths below too: not when a deeper link
                // of the list is the page.
                end={items.some((other) => other.to.startsWith(`${item.to}/`))}
                aria-current={active ? 'page' : undefined}
                sx={{
                  borderRadius: 2,
                  mb: 0.5,
                  color: '#fff',
                  px: collapsed ? 1.5 : 2,
                  borderLeft: '4px solid transparent',
                  '&[aria-current="page"]': {
                    bgcolor: 'rgba(245,179,1,0.18)',
                    borderLeftColor: 'secondary.main',
                    fontWeight: 700,
                  },
                  '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
                }}
              >
                <ListItemIcon sx={{ color: active ? 'secondary.main' : '#fff', minWidth: 40 }}>
                  <item.icon />
                </ListItemIcon>
                {collapsed ? null : (
                  <ListItemText
                    primary={t(item.labelKey)}
                    slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500 } } }}
                  />
                )}
              </ListItemButton>
            );
            return (
              <ListItem key={item.to} disablePadding sx={{ display: 'block' }}>
                {collapsed ? (
                  <Suspense fallback={link}>
                    <Tooltip title={t(item.labelKey)} placement="right">
                      {link}
                    </Tooltip>
                  </Suspense>
                ) : (
                  link
                )}
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Box sx={{ p: 2 }}>
        <Button
          onClick={onLogout}
          fullWidth
          variant="outlined"
          startIcon={collapsed ? undefined : <Logout />}
          aria-label={t('shell.logout')}
          sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.4)', minWidth: 0 }}
        >
          {collapsed ? <Logout /> : t('shell.logout')}
        </Button>
      </Box>
    </Box>
  );
}
