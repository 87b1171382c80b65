export const ROLE_CODES = ['MA', 'SA', 'SKC', 'SKO'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const ROLE_DEFINITIONS: readonly { code: RoleCode; name: string; description: string }[] = [
  {
    code: 'MA',
    name: 'Main Administrator',
    description:
      'Runs the barangay account: creates accounts, assigns roles, manages raw budget data, archives, sessions, audit trail and backups.',
  },
  {
    code: 'SA',
    name: 'System Administrator',
    description:
      'Administers accounts, raw budget data, archives and backups for the barangay, and reviews sessions and the audit trail.',
  },
  {
    code: 'SKC',
    name: 'SK Chairperson',
    description:
      'Reviews every project proposal of the barangay and moves it through the ten-step lifecycle up to the LGU.',
  },
  {
    code: 'SKO',
    name: 'SK Official',
    description: 'Proposes projects with a supporting document and follows their review.',
  },
];

/**
 * The city's own roles: accounts of a
 * city or municipality above its barangays, signing in with the city's name ("Quezon City").
 * They are not council roles: `deriveRole` and `effectiveRole` know nothing of them (the server's
 * answers name them with `roleOf`) and `isAdministrator` answers false for them,
 * so no barangay route lets them in. Codes: `CA` city administrator (onboards the city's
 * barangays, installation-wide backups); `CYDO` the city or municipal youth development officer
 * (the office's usual name and acronym: RA 10742 s. 24 creates a Local Youth Development Office
 * in every city and municipality); `CBO` the city budget officer (JMC No. 1 s. 2019 item 3.3.3.4:
 * SK budgets go to the sanggunian through the city or municipal budget officer); `SKF` the SK
 * Federation president (RA 10742 s. 20: the pederasyon of the city; reads the whole city).
 */
export const CITY_ROLE_CODES = ['CA', 'CYDO', 'CBO', 'SKF'] as const;
export type CityRoleCode = (typeof CITY_ROLE_CODES)[number];

/** The city role of a stored position (the code itself, any case), or null. */
export function cityRole(position: string | null | undefined): CityRoleCode | null {
  const upper = (position ?? '').trim().toUpperCase() as CityRoleCode;
  return CITY_ROLE_CODES.includes(upper) ? upper : null;
}

export function isRoleCode(value: unknown): value is RoleCode {
  return typeof value === 'string' && (ROLE_CODES as readonly string[]).includes(value);
}

/**
 * Role derivation of spec part 1 section 6, case-insensitive on the position text.
 * Positions stored by this product are role codes themselves (the admin area assigns MA, SA,
 * SKC or SKO), so an exact code maps to itself before the spec's text rules apply.
 */
export function deriveRole(position: string | null | undefined, at: 'login' | 'session'): string {
  const text = (position ?? '').trim();
  const upper = text.toUpperCase();
  if (isRoleCode(upper)) {
    if ((upper === 'MA' || upper === 'SA') && at === 'session') {
      return 'MA, SA';
    }
    return upper;
  }
  const lower = text.toLowerCase();
  if (lower.includes('admin')) {
    return at === 'login' ? 'MA' : 'MA, SA';
  }
  if (lower.includes('chairperson')) {
    return 'SKC';
  }
  if (lower.includes('official')) {
    return 'SKO';
  }
  return '';
}

/** The role a sign-in or session answer names: a city role's code, else `deriveRole`'s. */
export function roleOf(position: string | null | undefined, at: 'login' | 'session'): string {
  return cityRole(position) ?? deriveRole(position, at);
}

/** Admin area rule (spec part 1 section 4): position or role MA/SA, or a position containing "admin". */
export function isAdministrator(
  position: string | null | undefined,
  role?: string | null,
): boolean {
  const p = (position ?? '').trim();
  const r = (role ?? '').trim();
  const codes = [p.toUpperCase(), ...r.toUpperCase().split(/\s*,\s*/)];
  return codes.includes('MA') || codes.includes('SA') || p.toLowerCase().includes('admin');
}

/** Where a signed-in user lands after login or on `/`. */
export function homePathFor(position: string | null | undefined, role?: string | null): string {
  if (cityRole(position)) {
    return '/city';
  }
  return isAdministrator(position, role) ? '/admin/dashboard' : '/dashboard';
}

/** The effective role code used for server-side authorization. */
export function effectiveRole(position: string | null | undefined): RoleCode | null {
  const role = deriveRole(position, 'login');
  return isRoleCode(role) ? role : null;
}
