import { z } from 'zod';
import { CreateAccountRequestSchema } from './admin.ts';
import { ApiMessageSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { LanguageSchema } from './language-schemas.ts';
import { CITY_ROLE_CODES } from './roles.ts';

/**
 * The city's own staff: the city administrator (CA) makes the city's accounts (CA, CYDO, CBO,
 * SKF; more than one of each), each e-mailed a one-time link to set a password (the same link
 * as a barangay's first administrator, `/city?token=...`), deactivates them (no sign-in, their
 * sessions end, their names stay on what they did) and activates them again. The city always
 * keeps one active city administrator at least.
 */

export const CITY_ACCOUNT_MESSAGES = {
  created: (username: string, email: string) =>
    `${username} was created; a link to set a password was e-mailed to ${email}.`,
  deactivated: (username: string) =>
    `${username} is deactivated: it cannot sign in and its sessions have ended.`,
  activated: (username: string) => `${username} is active again: it can sign in.`,
  alreadyActive: (username: string) => `${username} is already active.`,
  alreadyInactive: (username: string) => `${username} is already deactivated.`,
  adminOnly: "Only an active city administrator manages the city's accounts.",
  notFound: 'City account not found.',
  deactivateSelf:
    'You cannot deactivate your own account; another city administrator of the city can.',
  lastAdministrator:
    'The city must keep at least one active city administrator: make or activate another one first.',
  positionInvalid: 'Choose the position: CA, CYDO, CBO or SKF.',
} as const;

export const CityAccountPositionSchema = z.enum(CITY_ROLE_CODES, {
  error: CITY_ACCOUNT_MESSAGES.positionInvalid,
});

export const CreateCityAccountRequestSchema = z.object({
  username: CreateAccountRequestSchema.shape.username,
  fullName: CreateAccountRequestSchema.shape.fullName,
  emailAddress: CreateAccountRequestSchema.shape.emailAddress,
  position: CityAccountPositionSchema,
  /** The language of the e-mail and of the new account. */
  language: LanguageSchema,
});
export type CreateCityAccountRequest = z.input<typeof CreateCityAccountRequestSchema>;

/** One account of the caller's city, as the city administrator's Accounts screen lists it. */
export const CityAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  emailAddress: z.string(),
  position: z.enum(CITY_ROLE_CODES),
  active: z.boolean(),
  /** False until its holder set a password through the e-mailed link. */
  passwordSet: z.boolean(),
  createdAt: z.string(),
});
export type CityAccount = z.infer<typeof CityAccountSchema>;

/** GET /api/city/accounts: the city administrator's list of the city's accounts. */
export const cityAccountsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/accounts',
  response: z.object({ success: z.literal(true), accounts: z.array(CityAccountSchema) }),
});
export type CityAccountsResponse = z.infer<typeof cityAccountsEndpoint.response>;

/** POST /api/city/accounts: a new city account, e-mailed a one-time link. Audited. */
export const createCityAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/city/accounts',
  body: CreateCityAccountRequestSchema,
  response: ApiMessageSchema,
});

export const CityAccountParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const SetCityAccountActiveRequestSchema = z.object({ active: z.boolean() });

/** PUT /api/city/accounts/:id/active: deactivate (sessions end) or activate again. Audited. */
export const setCityAccountActiveEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/city/accounts/:id/active',
  body: SetCityAccountActiveRequestSchema,
  response: ApiMessageSchema,
});
