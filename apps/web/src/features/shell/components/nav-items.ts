import type { SvgIconComponent } from '@mui/icons-material';
import { cityRole, type CityRoleCode } from '@sk-tanaw/contract';
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
import Groups from '@mui/icons-material/Groups';
import LocationCity from '@mui/icons-material/LocationCity';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import MenuBook from '@mui/icons-material/MenuBook';
import ShoppingCart from '@mui/icons-material/ShoppingCart';

export interface NavItem {
  to: string;
  /** The spec's English name of the screen. */
  label: string;
  /** Its catalogue key: the sidebar shows `t(labelKey)`. */
  labelKey: string;
  icon: SvgIconComponent;
  /** City area links shown only to these city roles (all of them when absent). */
  cityRoles?: readonly CityRoleCode[];
}

/**
 * The user area's four links (spec part 1 section 2), Budget Planning and the Project Tracker
 * (SKC and SKO), the youth registry and the council's duties.
 */
export const USER_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', labelKey: 'shell.nav.dashboard', icon: Dashboard },
  { to: '/projects', label: 'Projects', labelKey: 'shell.nav.projects', icon: FolderOpen },
  {
    to: '/predictive-analytics',
    label: 'Predictive Project Analysis',
    labelKey: 'shell.nav.predictive',
    icon: Insights,
  },
  {
    to: '/forecast',
    label: 'Budget Forecasting',
    labelKey: 'shell.nav.forecast',
    icon: AccountBalanceWallet,
  },
  { to: '/cbydp', label: 'Youth Plan (CBYDP)', labelKey: 'shell.nav.cbydp', icon: Groups },
  {
    to: '/budget-planning',
    label: 'Budget Planning',
    labelKey: 'shell.nav.plans',
    icon: RequestQuote,
  },
  { to: '/tracker', label: 'Project Tracker', labelKey: 'shell.nav.tracker', icon: TaskAlt },
  {
    to: '/procurement',
    label: 'Procurement',
    labelKey: 'shell.nav.procurement',
    icon: ShoppingCart,
  },
  { to: '/vouchers', label: 'Vouchers', labelKey: 'shell.nav.vouchers', icon: ReceiptLong },
  { to: '/books', label: 'Cash Book', labelKey: 'shell.nav.books', icon: MenuBook },
  { to: '/kk', label: 'Youth Registry', labelKey: 'shell.nav.kk', icon: Groups },
  {
    to: '/council',
    label: 'Council Duties',
    labelKey: 'shell.nav.council',
    icon: AssignmentInd,
  },
  { to: '/turnover', label: 'Turnover', labelKey: 'shell.nav.turnover', icon: Inventory2 },
];

/** The admin area's nine screens (spec part 2 section 2), the plans and the tracker, read only. */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', labelKey: 'shell.nav.dashboard', icon: Dashboard },
  {
    to: '/admin/account-creation',
    label: 'Account Creation',
    labelKey: 'shell.nav.accountCreation',
    icon: PersonAdd,
  },
  {
    to: '/admin/roles',
    label: 'User Role Management',
    labelKey: 'shell.nav.roles',
    icon: ManageAccounts,
  },
  {
    to: '/admin/projects',
    label: 'Project List',
    labelKey: 'shell.nav.projectList',
    icon: ListAlt,
  },
  {
    to: '/admin/raw-data',
    label: 'Raw Data Management',
    labelKey: 'shell.nav.rawData',
    icon: TableChart,
  },
  { to: '/admin/sessions', label: 'Session Logs', labelKey: 'shell.nav.sessions', icon: History },
  {
    to: '/admin/audit-trail',
    label: 'Audit Trail',
    labelKey: 'shell.nav.auditTrail',
    icon: FactCheck,
  },
  {
    to: '/admin/archive',
    label: 'Archive Management',
    labelKey: 'shell.nav.archive',
    icon: Inventory2,
  },
  { to: '/admin/backup', label: 'Database Backup', labelKey: 'shell.nav.backup', icon: Backup },
  {
    to: '/admin/budget-planning',
    label: 'Budget Planning',
    labelKey: 'shell.nav.plans',
    icon: RequestQuote,
  },
  { to: '/admin/tracker', label: 'Project Tracker', labelKey: 'shell.nav.tracker', icon: TaskAlt },
];

/** The city accounts' links. */
export const CITY_NAV: readonly NavItem[] = [
  { to: '/city', label: 'City barangays', labelKey: 'shell.city.nav.home', icon: LocationCity },
  {
    to: '/city/reviews',
    label: 'Budget reviews',
    labelKey: 'shell.city.nav.reviews',
    icon: FactCheck,
  },
  {
    to: '/city/dashboard',
    label: 'City dashboard',
    labelKey: 'shell.city.nav.dashboard',
    icon: Dashboard,
  },
  {
    to: '/city/youth',
    label: 'Youth statistics',
    labelKey: 'shell.city.nav.youth',
    icon: Groups,
  },
  {
    to: '/city/turnover',
    label: 'Turnover',
    labelKey: 'shell.city.nav.turnover',
    icon: Inventory2,
  },
  // The city's own accounts: its administrator makes, deactivates and activates them again.
  {
    to: '/city/accounts',
    label: 'Accounts',
    labelKey: 'shell.city.nav.accounts',
    icon: ManageAccounts,
    cityRoles: ['CA'],
  },
  // The installation's backups: the city administrator's; the server decides
  // whether this installation's are theirs (one city served) and the page says so when not.
  {
    to: '/city/backups',
    label: 'Database Backup',
    labelKey: 'shell.nav.backup',
    icon: Backup,
    cityRoles: ['CA'],
  },
];

/** The city area's links a city account of this position sees. */
export function cityNavFor(position: string | null | undefined): NavItem[] {
  const role = cityRole(position);
  return CITY_NAV.filter((item) => !item.cityRoles || (role && item.cityRoles.includes(role)));
}
