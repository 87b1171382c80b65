import {
  ApiMessageSchema,
  CITY_DASHBOARD_XLSX_PATH,
  CityAccountParamsSchema,
  CreateCityAccountRequestSchema,
  OnboardingLinkRequestSchema,
  SetCityAccountActiveRequestSchema,
  cityAccountsEndpoint,
  createCityAccountEndpoint,
  onboardingLinkEndpoint,
  setCityAccountActiveEndpoint,
  CityBarangayParamsSchema,
  CreateBarangayAdminRequestSchema,
  ONBOARDING_MESSAGES,
  CityDashboardQuerySchema,
  CityProposalsQuerySchema,
  PLAN_MESSAGES,
  SetBarangayActiveRequestSchema,
  SetFirstPasswordRequestSchema,
  cityRole,
  createBarangayAdminEndpoint,
  setBarangayActiveEndpoint,
  setFirstPasswordEndpoint,
  cityBarangayEndpoint,
  cityBarangaysEndpoint,
  cityDashboardEndpoint,
  cityProposalsEndpoint,
  manilaYear,
  type CityDashboard,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import { currentUser, rawRowId, requestContext, type RawParams } from '../../plugins/auth.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { cityDashboard } from './dashboard.ts';
import { dashboardYear } from './dashboard-repository.ts';
import { cityProposals } from './proposals.ts';
import type { CityAccountService } from './accounts.ts';
import type { OnboardingService } from './onboarding.ts';
import { cityBarangays } from './repository.ts';
import { cityBarangay, cityOf } from './scope.ts';

const errorResponses = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };

export interface CityRouteDeps {
  db: AppDb;
  onboarding: OnboardingService;
  cityAccounts: CityAccountService;
  clock: Clock;
}

/** The dashboard's workbook; exceljs loads on the first export, not at start-up. */
const workbookOf = async (data: CityDashboard) =>
  (await import('./dashboard-xlsx.ts')).dashboardWorkbook(data);

/**
 * The city's calls (contract `city.ts`): city accounts only
 * (`audience: 'city'`), each scoped to the caller's own city by features/city/scope.ts.
 */
export function cityRoutes({
  db,
  onboarding,
  cityAccounts,
  clock,
}: CityRouteDeps): FastifyPluginAsyncZod {
  /** The barangay the path names, in the caller's city, checked before anything else (404). */
  const inCity = async (user: AuthUser, params: RawParams) => {
    await cityBarangay(db, user, params.barangayCode ?? '');
  };
  /** The city administrator only (403), then the barangay in its city (404). */
  const cityAdminOf = async (user: AuthUser, params: RawParams) => {
    if (cityRole(user.position) !== 'CA') {
      throw forbidden(ONBOARDING_MESSAGES.cityAdminOnly, 'CITY_ADMIN_ONLY');
    }
    await inCity(user, params);
  };

  /**
   * The dashboard of the caller's city for the query's year; without one, the year of the
   * newest submission to the city (the one under review first), else this Manila year.
   */
  const dashboardOf = async (user: AuthUser, query: z.output<typeof CityDashboardQuerySchema>) => {
    const city = await cityOf(db, user);
    const now = clock.now();
    const year = query.year ?? (await dashboardYear(db, city, manilaYear(now)));
    return cityDashboard(db, city, year, now, query);
  };

  return async (app) => {
    app.get(
      cityProposalsEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description:
            "The proposals of the caller's city at the LGU steps: 'Submitted to LGU' is the queue the youth development officer decides through PUT /api/projectreview/status/:id. CYDO, CA and SKF read.",
          querystring: CityProposalsQuerySchema,
          response: { 200: cityProposalsEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        proposals: await cityProposals(db, currentUser(request), request.query),
      }),
    );

    app.get(
      cityDashboardEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description:
            "One row per active barangay of the caller's city for a year: plan status and dates, SK fund, personal services and training %, failing checks, utilisation, proposals waiting for the LGU, last progress; totals and planned amounts by centre of participation. `format=xlsx` answers the workbook. All four city roles read.",
          querystring: CityDashboardQuerySchema,
          response: { 200: cityDashboardEndpoint.response, ...errorResponses },
        },
      },
      async (request, reply) => {
        const data = await dashboardOf(currentUser(request), request.query);
        if (request.query.format === 'xlsx') {
          return sendDocument(reply, await workbookOf(data));
        }
        return data;
      },
    );

    app.get(
      CITY_DASHBOARD_XLSX_PATH,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description: 'The city dashboard as .xlsx (a download); the same filters.',
          querystring: CityDashboardQuerySchema,
          response: errorResponses,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await workbookOf(await dashboardOf(currentUser(request), request.query)),
        ),
    );

    app.get(
      cityBarangaysEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description:
            "The caller's city and its barangays: all of them for the city administrator, the active ones for the other city roles.",
          response: { 200: cityBarangaysEndpoint.response, ...errorResponses },
        },
      },
      async (request) => {
        const city = await cityOf(db, currentUser(request));
        return {
          success: true as const,
          city: {
            code: city.code,
            name: city.name,
            psgc: city.psgc,
            province: city.province,
            region: city.region,
          },
          role: city.role,
          barangays: await cityBarangays(db, city, { onlyActive: city.role !== 'CA' }),
        };
      },
    );

    app.get(
      cityBarangayEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: inCity }),
        schema: {
          tags: ['city'],
          description: "One barangay of the caller's city; 404 for any other.",
          params: CityBarangayParamsSchema,
          response: { 200: cityBarangayEndpoint.response, ...errorResponses },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const found = await cityBarangay(db, user, request.params.barangayCode);
        const [barangay] = await cityBarangays(db, found.city, {
          onlyActive: found.city.role !== 'CA',
          code: found.code,
        });
        if (!barangay) {
          // A deactivated barangay, to a role that reads only the active ones.
          throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
        }
        return { success: true as const, barangay };
      },
    );

    app.put(
      setBarangayActiveEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: cityAdminOf }),
        schema: {
          tags: ['city'],
          description:
            'The city administrator serves a barangay of its city again, or stops serving it (no sign-in; its data stays). Audited.',
          params: CityBarangayParamsSchema,
          body: SetBarangayActiveRequestSchema,
          response: { 200: setBarangayActiveEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: await onboarding.setServed(
          currentUser(request),
          request.params.barangayCode,
          request.body.active,
          requestContext(request),
        ),
      }),
    );

    app.post(
      createBarangayAdminEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: cityAdminOf }),
        schema: {
          tags: ['city'],
          description:
            "The city administrator creates an active barangay's first administrator (MA), who gets an e-mail with a one-time link to set a password. Audited.",
          params: CityBarangayParamsSchema,
          body: CreateBarangayAdminRequestSchema,
          response: { 200: createBarangayAdminEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: await onboarding.createAdmin(
          currentUser(request),
          request.params.barangayCode,
          request.body,
          requestContext(request),
          `${request.protocol}://${request.host}`,
        ),
      }),
    );

    app.post(
      setFirstPasswordEndpoint.path,
      {
        config: { public: true },
        schema: {
          tags: ['city'],
          description:
            "A new barangay administrator's first password, with the e-mailed link's token: single use, expiring, audited.",
          body: SetFirstPasswordRequestSchema,
          response: { 200: setFirstPasswordEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: await onboarding.setPassword(request.body, requestContext(request)),
      }),
    );

    app.post(
      onboardingLinkEndpoint.path,
      {
        config: { public: true },
        schema: {
          tags: ['city'],
          description:
            'For whom an e-mailed link sets a password (username, barangay or city), while the link can still be used; a wrong token is refused like POST /api/onboarding/password and names no account.',
          body: OnboardingLinkRequestSchema,
          response: { 200: onboardingLinkEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        link: await onboarding.linkFor(request.body.token),
      }),
    );

    app.get(
      cityAccountsEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description:
            "The city's own accounts (CA, CYDO, CBO, SKF), active and deactivated: the city administrator only.",
          response: { 200: cityAccountsEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        accounts: await cityAccounts.list(currentUser(request)),
      }),
    );

    app.post(
      createCityAccountEndpoint.path,
      {
        // The city administrator only, before the body is read.
        onRequest: app.requireUser({
          audience: 'city',
          resource: (user) => cityAccounts.authorise(user),
        }),
        schema: {
          tags: ['city'],
          description:
            'The city administrator creates an account of its city (CA, CYDO, CBO or SKF), e-mailed a one-time link to set a password. Audited.',
          body: CreateCityAccountRequestSchema,
          response: { 200: createCityAccountEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: await cityAccounts.create(
          currentUser(request),
          request.body,
          requestContext(request),
          `${request.protocol}://${request.host}`,
        ),
      }),
    );

    app.put(
      setCityAccountActiveEndpoint.path,
      {
        // The city administrator (403), then an account of its city (404), before the body.
        onRequest: app.requireUser({
          audience: 'city',
          // An id that validation will refuse is left to validation (400).
          resource: (user, params) => cityAccounts.authorise(user, rawRowId(params) ?? undefined),
        }),
        schema: {
          tags: ['city'],
          description:
            "The city administrator deactivates an account of its city (it cannot sign in; its sessions end) or activates it again. Not one's own account; the city keeps one active city administrator at least. Audited.",
          params: CityAccountParamsSchema,
          body: SetCityAccountActiveRequestSchema,
          response: { 200: setCityAccountActiveEndpoint.response, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: await cityAccounts.setActive(
          currentUser(request),
          request.params.id,
          request.body.active,
          requestContext(request),
        ),
      }),
    );
  };
}
