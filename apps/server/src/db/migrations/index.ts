import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as passwordRecovery from './0002-password-recovery.ts';
import * as projects from './0003-projects.ts';
import * as rawData from './0004-raw-data.ts';
import * as signInDevices from './0005-sign-in-devices.ts';
import * as administration from './0006-administration.ts';
import * as projectCategories from './0007-project-categories.ts';
import * as rawDataOrder from './0009-raw-data-order.ts';
import * as rawDataPacked from './0010-raw-data-packed.ts';
import * as budgetPlans from './0011-budget-plans.ts';
import * as installState from './0012-install-state.ts';
import * as tracker from './0013-tracker.ts';
import * as planRawValues from './0014-plan-raw-values.ts';
import * as accountLanguage from './0015-account-language.ts';
import * as pendingWork from './0016-pending-work.ts';
import * as planNoticeVacancies from './0017-plan-notice-vacancies.ts';
import * as commitments from './0018-commitments.ts';
import * as barangayRegistry from './0019-barangay-registry.ts';
import * as disclosurePostings from './0020-disclosure-postings.ts';
import * as cityAccounts from './0021-city-accounts.ts';
import * as kkRegistry from './0022-kk-registry.ts';
import * as kkAssembliesCbydp from './0023-kk-assemblies-cbydp.ts';
import * as planReview from './0024-plan-review.ts';
import * as councilDuties from './0025-council-duties.ts';
import * as receiptKinds from './0026-receipt-kinds.ts';
import * as kkPublicWindows from './0027-kk-public-windows.ts';
import * as kkAuditReasons from './0028-kk-audit-reasons.ts';
import * as kkStatFacets from './0029-kk-stat-facets.ts';
import * as skTermsAccounts from './0030-sk-terms-accounts.ts';
import * as turnover from './0031-turnover.ts';
import * as planLineObjects from './0032-plan-line-objects.ts';
import * as officeRequirements from './0033-office-requirements.ts';
import * as uploadReceipts from './0034-upload-receipts.ts';
import * as kkStatRevisions from './0035-kk-stat-revisions.ts';
import * as disbursementVouchers from './0036-disbursement-vouchers.ts';
import * as procurement from './0037-procurement.ts';
import * as booksCash from './0038-books-cash.ts';
import * as procurementPlanApprovals from './0039-procurement-plan-approvals.ts';
import * as commitmentObjects from './0041-commitment-objects.ts';
import * as specificPurposeFunds from './0042-specific-purpose-funds.ts';

/** Every migration, in order. Add new ones at the end with the next number. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-password-recovery': passwordRecovery,
  '0003-projects': projects,
  '0004-raw-data': rawData,
  '0005-sign-in-devices': signInDevices,
  '0006-administration': administration,
  '0007-project-categories': projectCategories,
  '0009-raw-data-order': rawDataOrder,
  '0010-raw-data-packed': rawDataPacked,
  '0011-budget-plans': budgetPlans,
  '0012-install-state': installState,
  '0013-tracker': tracker,
  '0014-plan-raw-values': planRawValues,
  '0015-account-language': accountLanguage,
  '0016-pending-work': pendingWork,
  '0017-plan-notice-vacancies': planNoticeVacancies,
  '0018-commitments': commitments,
  '0019-barangay-registry': barangayRegistry,
  '0020-disclosure-postings': disclosurePostings,
  '0021-city-accounts': cityAccounts,
  '0022-kk-registry': kkRegistry,
  '0023-kk-assemblies-cbydp': kkAssembliesCbydp,
  '0024-plan-review': planReview,
  '0025-council-duties': councilDuties,
  '0026-receipt-kinds': receiptKinds,
  '0027-kk-public-windows': kkPublicWindows,
  '0028-kk-audit-reasons': kkAuditReasons,
  '0029-kk-stat-facets': kkStatFacets,
  '0030-sk-terms-accounts': skTermsAccounts,
  '0031-turnover': turnover,
  '0032-plan-line-objects': planLineObjects,
  '0033-office-requirements': officeRequirements,
  '0034-upload-receipts': uploadReceipts,
  '0035-kk-stat-revisions': kkStatRevisions,
  '0036-disbursement-vouchers': disbursementVouchers,
  '0037-procurement': procurement,
  '0038-books-cash': booksCash,
  '0039-procurement-plan-approvals': procurementPlanApprovals,
  '0041-commitment-objects': commitmentObjects,
  '0042-specific-purpose-funds': specificPurposeFunds,
};
