/**
 * The barangay a repository call is limited to: every repository function that reads or writes
 * barangay-owned rows takes it and puts it in the WHERE. An AuthUser is one (its own barangay).
 */
export interface BarangayScope {
  barangayId: number;
}

import type { Language } from '@sk-tanaw/contract';

/** The signed-in user as every route sees it. */
export interface AuthUser {
  id: number;
  username: string;
  fullName: string;
  position: string | null;
  email: string;
  phone: string;
  barangayId: number;
  barangayCode: string;
  barangayName: string;
  /**
   * `barangay` for a council's account; `city` for a city account (city roles): its
   * barangayId is then its city's row, and only routes open to city accounts let it in.
   */
  tenantKind: 'barangay' | 'city';
  isDefaultPassword: boolean;
  /** The account's language: answers written for it (the analyst, mails) use it by default. */
  language: Language;
  sessionId: string;
  /** When this session signed in (ISO-8601 UTC): sensitive changes need a recent sign-in. */
  signedInAt: string;
  /**
   * The end of the council term the account belongs to and its read-only window's days
   * (features/terms/standing.ts); null for accounts bound to no term.
   */
  term: { endsAt: string; turnoverDays: number } | null;
}

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}
