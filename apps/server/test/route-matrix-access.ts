/**
 * The route matrix's access table (route-matrix.test.ts): who may get a 2xx from each route.
 */
export type Role =
  | 'admin'
  | 'chair'
  | 'official'
  /** City accounts: CA, CYDO, CBO, SKF. */
  | 'cityAdmin'
  | 'cityYdo'
  | 'cityBudget'
  | 'cityFederation';

/** Who may get a 2xx from a route. */
export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user, of either barangay: the route acts on the caller's own account. */
  | 'signedIn'
  /** Nobody with the bodies and paths the matrix sends (e.g. signed links without a signature). */
  | 'nobody'
  | {
      /** Roles of the first barangay, acting on its resources. */
      same: Role[];
      /**
       * Roles of the other barangay. Only for routes without path parameters, which act on the
       * caller's own barangay; their answers are checked for any of the first barangay's data.
       */
      other?: Role[];
      /**
       * City roles of the first barangay's city (Quezon City), acting on its resources; the same
       * roles of another city (Makati) get 404 where Quezon City's got a 2xx.
       */
      city?: Role[];
      /** City roles of another city; like `other`, only for routes without path parameters. */
      otherCity?: Role[];
    };

/** Every council role. */
export const COUNCIL: Role[] = ['admin', 'chair', 'official'];

/** Every city role. */
export const CITY: Role[] = ['cityAdmin', 'cityYdo', 'cityBudget', 'cityFederation'];

export const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/site-info': 'public',
  'GET /api/barangays': 'public',
  'GET /api/public/directory': 'public',
  'POST /api/login': 'public',
  'POST /api/forgotpassword/request': 'public',
  'POST /api/forgotpassword/verify-otp': 'public',
  'POST /api/forgotpassword/reset': 'public',
  'POST /api/logout': 'signedIn',
  'GET /api/user-data': 'signedIn',
  'POST /api/login/change-credentials': 'signedIn',
  'GET /api/account/language': 'signedIn',
  'PUT /api/account/language': 'signedIn',
  'GET /api/projects/user/{userId}': { same: ['official'] },
  'POST /api/projects/submit': { same: ['official'], other: ['official'] },
  'POST /api/projects/{id}/resubmit': { same: ['official'] },
  'GET /api/projects/{id}/history': { same: ['official', 'chair'] },
  'GET /api/projects/download/{fileName}': { same: ['official', 'chair', 'admin'] },
  'GET /api/projectreview/all': { same: ['chair'], other: ['chair'] },
  // The city's YDO decides the LGU steps; the matrix's proposal is not at one.
  'PUT /api/projectreview/status/{id}': { same: ['chair'] },
  'GET /api/files/{storedName}': 'nobody',
  'GET /api/admin/dashboard': { same: ['admin'], other: ['admin'] },
  'GET /api/rawdata': { same: COUNCIL, other: COUNCIL },
  'GET /api/rawdata/options': { same: COUNCIL, other: COUNCIL },
  'GET /api/rawdata/download': { same: COUNCIL, other: COUNCIL },
  'POST /api/rawdata/upload': { same: ['admin'], other: ['admin'] },
  'GET /api/forecast': { same: COUNCIL, other: COUNCIL },
  'GET /api/forecast-analysis': { same: COUNCIL, other: COUNCIL },
  'GET /api/predictive-analysis/trends': { same: COUNCIL, other: COUNCIL },
  'POST /api/predictive-analysis/custom': { same: COUNCIL, other: COUNCIL },
  'POST /api/predictive-analysis/upload': { same: COUNCIL, other: COUNCIL },
  'GET /api/project-trends': { same: COUNCIL, other: COUNCIL },
  'GET /api/custom-project-trends': { same: COUNCIL, other: COUNCIL },
  'GET /api/budget-plans': { same: COUNCIL, other: COUNCIL },
  'POST /api/budget-plans': { same: ['chair', 'official'], other: ['chair', 'official'] },
  'GET /api/budget-plans/{id}': { same: COUNCIL },
  'PUT /api/budget-plans/{id}': { same: ['chair', 'official'] },
  'GET /api/budget-plans/{id}/checks': { same: COUNCIL },
  'POST /api/budget-plans/{id}/approve': { same: ['chair'] },
  'POST /api/budget-plans/{id}/post': { same: ['chair'] },
  'POST /api/budget-plans/{id}/revise': { same: ['chair', 'official'] },
  'GET /api/budget-plans/{id}/resolution-url': { same: COUNCIL },
  // The chair submits; the council reads the review; the city's CBO decides.
  'POST /api/budget-plans/{id}/submit': { same: ['chair'] },
  'GET /api/budget-plans/{id}/review': { same: COUNCIL },
  'GET /api/city/plan-reviews': { same: [], city: CITY, otherCity: CITY },
  'GET /api/city/plan-reviews/{id}': { same: [], city: CITY },
  'POST /api/city/plan-reviews/{id}/start': { same: [], city: ['cityBudget'] },
  'PUT /api/city/plan-reviews/{id}/findings': { same: [], city: ['cityBudget'] },
  'POST /api/city/plan-reviews/{id}/decide': { same: [], city: ['cityBudget'] },
  // The submitted budget's resolution and documents, for every city role of its city.
  'GET /api/city/plan-reviews/{id}/resolution-url': { same: [], city: CITY },
  'GET /api/city/plan-reviews/{id}/documents/{document}': { same: [], city: CITY },
  'GET /api/budget-plans/{id}/documents/{document}': { same: COUNCIL },
  'GET /api/budget-plans/resolutions/{storedName}': 'nobody',
  'GET /api/tracker': { same: COUNCIL, other: COUNCIL },
  'GET /api/tracker/alerts': { same: COUNCIL, other: COUNCIL },
  'GET /api/tracker/planned-spent': { same: COUNCIL, other: COUNCIL },
  'GET /api/tracker/items/{id}': { same: COUNCIL },
  'PUT /api/tracker/items/{id}': { same: ['chair', 'official'] },
  'POST /api/tracker/items/{id}/checkpoints': { same: ['chair', 'official'] },
  'PUT /api/tracker/checkpoints/{id}': { same: ['chair', 'official'] },
  'DELETE /api/tracker/checkpoints/{id}': { same: ['chair', 'official'] },
  'POST /api/tracker/items/{id}/disbursements': { same: ['chair', 'official'] },
  'PUT /api/tracker/disbursements/{id}': { same: ['chair', 'official'] },
  'DELETE /api/tracker/disbursements/{id}': { same: ['chair', 'official'] },
  'POST /api/tracker/items/{id}/evidence': { same: ['chair', 'official'] },
  'PUT /api/tracker/evidence/{id}': { same: ['chair', 'official'] },
  'DELETE /api/tracker/evidence/{id}': { same: ['chair', 'official'] },
  'GET /api/tracker/evidence/{id}/file': { same: COUNCIL },
  'GET /api/tracker/evidence/{id}/thumbnail': { same: COUNCIL },
  'GET /api/public/disclosure/{barangayCode}/tracker/{year}': 'public',
  'GET /api/public/disclosure/{barangayCode}/photos/{id}': 'public',
  'GET /api/public/disclosure/{barangayCode}/photos/{id}/thumbnail': 'public',
  'GET /api/tracker/reports/{period}': { same: COUNCIL },
  'GET /api/tracker/registry': { same: COUNCIL, other: COUNCIL },
  'GET /api/tracker/registry/{expenseClass}': { same: COUNCIL },
  // The chairperson, or the Budget Monitoring Officer the chairperson designates (none here).
  'POST /api/tracker/items/{id}/commitments': { same: ['chair'] },
  'POST /api/tracker/commitments/{id}/cancel': { same: ['chair'] },
  'PUT /api/tracker/budget-monitoring-officer': { same: ['chair'], other: ['chair'] },
  // Disbursement vouchers: the council reads; the treasurer prepares, pays and reverses, the
  // Budget Monitoring Officer certifies (neither duty is given here), the chairperson approves
  // (the matrix's voucher is a draft: approving it answers 409).
  'GET /api/books/vouchers': { same: COUNCIL, other: COUNCIL },
  'GET /api/books/vouchers/{id}': { same: COUNCIL },
  'POST /api/books/vouchers': { same: [] },
  'POST /api/books/vouchers/{id}/certify': { same: [] },
  'POST /api/books/vouchers/{id}/approve': { same: [] },
  'POST /api/books/vouchers/{id}/pay': { same: [] },
  'POST /api/books/vouchers/{id}/reverse': { same: [] },
  // The youth registry: counts for every role; personal data for the chairperson or
  // the SK secretary the chairperson designates (none here); a reason is required to read.
  'GET /api/kk/stats': { same: COUNCIL, other: COUNCIL },
  'GET /api/kk/secretary': { same: COUNCIL, other: COUNCIL },
  'PUT /api/kk/secretary': { same: ['chair'], other: ['chair'] },
  // The address and QR code of the council's public youth form (no personal data).
  'GET /api/kk/public-link': { same: COUNCIL, other: COUNCIL },
  // The SK's procurement: the council reads; the chairperson, Head of the Procuring Entity,
  // constitutes the BAC; the chairperson and the officials keep the suppliers.
  'GET /api/procurement/bac': { same: COUNCIL, other: COUNCIL },
  'PUT /api/procurement/bac': { same: ['chair'], other: ['chair'] },
  'GET /api/procurement/bac/order': { same: COUNCIL, other: COUNCIL },
  'GET /api/procurement/suppliers': { same: COUNCIL, other: COUNCIL },
  'POST /api/procurement/suppliers': { same: ['chair', 'official'], other: ['chair', 'official'] },
  'PUT /api/procurement/suppliers/{id}': { same: ['chair', 'official'] },
  // Purchase requests: the BAC's secretariat and members (SK officials) or the chairperson.
  'GET /api/procurement/requests': { same: COUNCIL, other: COUNCIL },
  'POST /api/procurement/requests': { same: ['chair', 'official'], other: ['chair', 'official'] },
  'GET /api/procurement/requests/{id}': { same: COUNCIL },
  'PUT /api/procurement/requests/{id}/splitting': { same: ['chair', 'official'] },
  'PUT /api/procurement/requests/{id}/quotations': { same: ['chair', 'official'] },
  'POST /api/procurement/requests/{id}/abstract': { same: ['chair', 'official'] },
  'POST /api/procurement/requests/{id}/resolution': { same: ['chair', 'official'] },
  // The procurement's documents (JSON or `?format=pdf`): the council reads them, as the request.
  'GET /api/procurement/requests/{id}/rfq': { same: COUNCIL },
  'GET /api/procurement/requests/{id}/abstract': { same: COUNCIL },
  'GET /api/procurement/requests/{id}/resolution': { same: COUNCIL },
  'GET /api/procurement/orders/{id}': { same: COUNCIL },
  'GET /api/procurement/inspections/{id}': { same: COUNCIL },
  // The purchase order: the chairperson, Head of the Procuring Entity.
  'POST /api/procurement/orders': { same: ['chair'], other: ['chair'] },
  // Inspection and acceptance: the inspector the BAC's order names (an SK official).
  'POST /api/procurement/inspections': {
    same: ['chair', 'official'],
    other: ['chair', 'official'],
  },
  // Council duties: every account of the barangay reads them; the chairperson assigns them.
  'GET /api/council/duties': { same: COUNCIL, other: COUNCIL },
  'PUT /api/council/duties/{duty}': { same: ['chair'] },
  // The treasurer's cash book: the council reads its own; only the treasurer writes (no demo
  // role of the matrix holds the duty, and `{}` is no entry); the registers need a month.
  'GET /api/books/cash': { same: COUNCIL, other: COUNCIL },
  'POST /api/books/cash': 'nobody',
  'POST /api/books/cash/{id}/reverse': 'nobody',
  'GET /api/books/registers/rcrd': 'nobody',
  'GET /api/books/registers/rcb': 'nobody',
  'GET /api/books/reconciliations': { same: COUNCIL, other: COUNCIL },
  'POST /api/books/reconciliations': 'nobody',
  // The inventory and turnover: the council reads; the chairperson creates the SK Inventory Team
  // and keeps the inventory; the city reads its barangays' (404 for another city's).
  'GET /api/turnover': { same: COUNCIL, other: COUNCIL },
  'PUT /api/turnover/team': { same: ['chair'], other: ['chair'] },
  'POST /api/turnover/rows': { same: ['chair'], other: ['chair'] },
  'PUT /api/turnover/rows/{id}': { same: ['chair'] },
  'DELETE /api/turnover/rows/{id}': { same: ['chair'] },
  'PUT /api/turnover/signed': { same: ['chair'], other: ['chair'] },
  'GET /api/turnover/order': { same: COUNCIL, other: COUNCIL },
  'GET /api/turnover/inventory': { same: COUNCIL, other: COUNCIL },
  'GET /api/city/turnover': { same: [], city: CITY, otherCity: CITY },
  'GET /api/city/turnover/{barangayCode}/order': { same: [], city: CITY },
  'GET /api/city/turnover/{barangayCode}/inventory': { same: [], city: CITY },
  // The officials of a new council: the city's administrator and youth development officer
  // import them; the chairperson of a term invites its members; requirements before office.
  'POST /api/city/turnover/officials': {
    same: [],
    city: ['cityAdmin', 'cityYdo'],
    otherCity: ['cityAdmin', 'cityYdo'],
  },
  'GET /api/city/turnover/officials/template': {
    same: [],
    city: ['cityAdmin', 'cityYdo'],
    otherCity: ['cityAdmin', 'cityYdo'],
  },
  'POST /api/city/turnover/officials/one': {
    same: [],
    city: ['cityAdmin', 'cityYdo'],
    otherCity: ['cityAdmin', 'cityYdo'],
  },
  'POST /api/turnover/officials': { same: ['chair'], other: ['chair'] },
  'GET /api/turnover/requirements': { same: COUNCIL, other: COUNCIL },
  'PUT /api/turnover/requirements/{userId}/{requirement}': { same: COUNCIL },
  'GET /api/city/turnover/{barangayCode}/requirements': { same: [], city: CITY },
  'PUT /api/city/turnover/{barangayCode}/requirements/{userId}/{requirement}': {
    same: [],
    city: ['cityAdmin', 'cityYdo'],
  },
  'PUT /api/city/turnover/{barangayCode}/requirements/{userId}/{requirement}/verified': {
    same: [],
    city: ['cityAdmin', 'cityYdo'],
  },
  // Reads need the session's access grant, opened with a reason (or the X-Access-Reason header).
  'POST /api/kk/access': { same: ['chair'], other: ['chair'] },
  'GET /api/kk/audit': { same: ['chair'], other: ['chair'] },
  'GET /api/kk/profiles': { same: ['chair'], other: ['chair'] },
  'POST /api/kk/profiles': { same: ['chair'], other: ['chair'] },
  'GET /api/kk/profiles/{id}': { same: ['chair'] },
  'PUT /api/kk/profiles/{id}': { same: ['chair'] },
  'POST /api/kk/profiles/{id}/verify': { same: ['chair'] },
  'DELETE /api/kk/profiles/{id}': { same: ['chair'] },
  'POST /api/kk/export': { same: ['chair'], other: ['chair'] },
  'POST /api/kk/import': { same: ['chair'], other: ['chair'] },
  // Assembly windows of the public form: the keepers of the registry (chair or SK secretary).
  'GET /api/kk/windows': { same: ['chair'], other: ['chair'] },
  'POST /api/kk/windows': { same: ['chair'], other: ['chair'] },
  'POST /api/kk/windows/{id}/close': { same: ['chair'] },
  // KK assemblies and the CBYDP: the council reads, the chair and officials
  // record, the chair approves.
  'GET /api/kk/assemblies': { same: COUNCIL, other: COUNCIL },
  'POST /api/kk/assemblies': { same: ['chair', 'official'], other: ['chair', 'official'] },
  'PUT /api/kk/assemblies/{id}': { same: ['chair', 'official'] },
  'DELETE /api/kk/assemblies/{id}': { same: ['chair', 'official'] },
  'GET /api/kk/assemblies/{id}/minutes': { same: COUNCIL },
  'POST /api/kk/assemblies/{id}/minutes': { same: ['chair', 'official'] },
  'GET /api/cbydp': { same: COUNCIL, other: COUNCIL },
  'POST /api/cbydp': { same: ['chair', 'official'], other: ['chair', 'official'] },
  'GET /api/cbydp/{id}': { same: COUNCIL },
  'PUT /api/cbydp/{id}': { same: ['chair', 'official'] },
  'POST /api/cbydp/{id}/approve': { same: ['chair'] },
  'GET /api/cbydp/{id}/document': { same: COUNCIL },
  'GET /api/public/kk/{barangayCode}': 'public',
  'POST /api/public/kk/{barangayCode}/profiles': 'public',
  'GET /api/public/disclosure/{barangayCode}/reports/{year}/{period}': 'public',
  'GET /api/public/disclosure/{barangayCode}': 'public',
  'GET /api/public/disclosure/{barangayCode}/plans/{id}/{document}': 'public',
  // Full public disclosure (MC 2023-068): the council's own schedule; the chair posts reports.
  'GET /api/disclosure/postings': { same: COUNCIL, other: COUNCIL },
  'POST /api/disclosure/postings': { same: ['chair'], other: ['chair'] },
  // The term in office and its first deadlines: every council account.
  'GET /api/terms/current': { same: COUNCIL, other: COUNCIL },
  'GET /api/public/disclosure/{barangayCode}/end-of-term/{year}': 'public',
  'GET /api/city/barangays': { same: [], city: CITY, otherCity: CITY },
  'GET /api/city/barangays/{barangayCode}': { same: [], city: CITY },
  'PUT /api/city/barangays/{barangayCode}/active': { same: [], city: ['cityAdmin'] },
  'POST /api/city/barangays/{barangayCode}/admin': { same: [], city: ['cityAdmin'] },
  'POST /api/onboarding/password': 'public',
  // Whose account a link is for (the set-password page asks before the form; no sign-in).
  'POST /api/onboarding/link': 'public',
  // The city's own staff: its administrators make, deactivate and re-activate them.
  'GET /api/city/accounts': { same: [], city: ['cityAdmin'], otherCity: ['cityAdmin'] },
  'POST /api/city/accounts': { same: [], city: ['cityAdmin'], otherCity: ['cityAdmin'] },
  'PUT /api/city/accounts/{id}/active': { same: [], city: ['cityAdmin'] },
  'GET /api/city/proposals': {
    same: [],
    city: ['cityAdmin', 'cityYdo', 'cityFederation'],
    otherCity: ['cityAdmin', 'cityYdo', 'cityFederation'],
  },
  // The installation's backups (backup/holders.ts): the first barangay's
  // administrators; the matrix's installation serves two cities (Quezon City and Makati), so no
  // city administrator holds them, and another barangay's administrators never do.
  'POST /api/backup': { same: ['admin'] },
  'GET /api/backup/list': { same: ['admin'] },
  'GET /api/backup/file-url/{name}': { same: ['admin'] },
  'POST /api/backup/install': { same: ['admin'] },
  'GET /api/city/dashboard': { same: [], city: CITY, otherCity: CITY },
  'GET /api/city/dashboard.xlsx': { same: [], city: CITY, otherCity: CITY },
  // The city's youth statistics (counts only, small cells hidden), all city roles.
  'GET /api/city/kk/stats': { same: [], city: CITY, otherCity: CITY },
  'GET /api/city/kk/stats.xlsx': { same: [], city: CITY, otherCity: CITY },
};

/**
 * Routes answering 403 to every id but the caller's own (existing or not), so the refusal says
 * nothing about another barangay's rows.
 */
export const OWN_ROWS_ONLY = new Set(['GET /api/projects/user/{userId}']);

/** A route missing from ACCESS: its barangay's administrators only. */
export function accessOf(route: Route): Access {
  return (
    ACCESS[route.key] ?? {
      same: ['admin'],
      other: route.params.length === 0 ? ['admin'] : [],
    }
  );
}

export const ROLE_OF_POSITION: Record<string, Role> = {
  MA: 'admin',
  SA: 'admin',
  SKC: 'chair',
  SKO: 'official',
  CA: 'cityAdmin',
  CYDO: 'cityYdo',
  CBO: 'cityBudget',
  SKF: 'cityFederation',
};

export interface Route {
  method: string;
  path: string;
  key: string;
  params: string[];
  json: boolean;
  /** Takes multipart/form-data (an upload). */
  multipart: boolean;
}

/**
 * Routes whose answer to a city account of the first barangay's city carries that barangay's
 * rows by design (the LGU queue names the proposals its barangays sent the city).
 */
export const CITY_READS_ROWS = new Set(['GET /api/city/proposals']);
