import type { SvgIconComponent } from '@mui/icons-material';
import Dashboard from '@mui/icons-material/Dashboard';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Insights from '@mui/icons-material/Insights';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import PersonAdd from '@mui/icons-material/PersonAdd';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import ListAlt from '@mui/icons-material/ListAlt';
import TableChart from '@mui/icons-material/TableChart';
import History from '@mui/icons-material/History';
import FactCheck from '@mui/icons-material/FactCheck';
import Inventory2 from '@mui/icons-material/Inventory2';
import Backup from '@mui/icons-material/Backup';
import RequestQuote from '@mui/icons-material/RequestQuote';
import TaskAlt from '@mui/icons-material/TaskAlt';

export interface NavItem {
  to: string;
  label: string;
  icon: SvgIconComponent;
}

/**
 * The user area's four links (spec part 1 section 2), Budget Planning and the Project Tracker
 * (SKC and SKO).
 */
export const USER_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: Dashboard },
  { to: '/projects', label: 'Projects', icon: FolderOpen },
  { to: '/predictive-analytics', label: 'Predictive Project Analysis', icon: Insights },
  { to: '/forecast', label: 'Budget Forecasting', icon: AccountBalanceWallet },
  { to: '/budget-planning', label: 'Budget Planning', icon: RequestQuote },
  { to: '/tracker', label: 'Project Tracker', icon: TaskAlt },
];

/** The admin area's nine screens (spec part 2 section 2), the plans and the tracker, read only. */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: Dashboard },
  { to: '/admin/account-creation', label: 'Account Creation', icon: PersonAdd },
  { to: '/admin/roles', label: 'User Role Management', icon: ManageAccounts },
  { to: '/admin/projects', label: 'Project List', icon: ListAlt },
  { to: '/admin/raw-data', label: 'Raw Data Management', icon: TableChart },
  { to: '/admin/sessions', label: 'Session Logs', icon: History },
  { to: '/admin/audit-trail', label: 'Audit Trail', icon: FactCheck },
  { to: '/admin/archive', label: 'Archive Management', icon: Inventory2 },
  { to: '/admin/backup', label: 'Database Backup', icon: Backup },
  { to: '/admin/budget-planning', label: 'Budget Planning', icon: RequestQuote },
  { to: '/admin/tracker', label: 'Project Tracker', icon: TaskAlt },
];
