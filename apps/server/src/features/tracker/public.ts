import {
  PLAN_MESSAGES,
  type DisclosureTracker,
  type TrackerReportPeriod,
} from '@sk-tanaw/contract';
import type { RenderedDocument } from '../../lib/documents/rendered.ts';
import { barangayByCode } from '../../common/repository.ts';
import { signatoriesFrom } from '../../common/signatories.ts';
import { signingHolders } from '../council/signatories.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import { manilaDate, type TrackerDeps } from './context.ts';
import { evidenceNotFound, openEvidence, type EvidenceFile } from './evidence-service.ts';
import { byCentreOf, byStatusOf, endedPeriods, itemUtilisation, totalsOf } from './figures.ts';
import { itemHonorariaPosition } from './honoraria.ts';
import { loadYear } from './load.ts';
import { trackerReport } from './report-data.ts';
import * as evidenceRepo from './evidence-repository.ts';
import * as repo from './repository.ts';

const REPORT_NOT_PUBLISHED =
  "This report is not on the board yet: a quarter's report appears once the quarter has ended, the year-end report once the year has.";

/**
 * What the public disclosure board adds to each posted year (no sign-in): the items' status and
 * spending, utilisation per centre, the accomplishment reports of ended periods, and the photos
 * the council marked public. Nothing else of the tracker (no disbursement references, no names
 * beyond the signatories, no PDFs).
 */
export function createPublicTracker(deps: TrackerDeps) {
  const { db, clock } = deps;

  async function barangayScope(code: string) {
    const barangay = await barangayByCode(db, code);
    if (!barangay) {
      throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
    }
    return { barangay, scope: { barangayId: barangay.id } satisfies BarangayScope };
  }

  return {
    /** GET /api/public/disclosure/:barangayCode/tracker/:year (null: nothing posted that year). */
    async disclosureTracker(code: string, year: number): Promise<DisclosureTracker | null> {
      const { scope } = await barangayScope(code);
      const now = clock.now();
      const today = manilaDate(now);
      const data = await loadYear(db, scope, year, now);
      if (!data.plan) {
        return null;
      }
      const [photos, names, holders] = await Promise.all([
        evidenceRepo.publicPhotosOfYear(db, scope, year),
        repo.honorariaNames(db, scope, data.plan.id),
        signingHolders(db, scope),
      ]);
      const facts = data.items.map((i) => i.facts);
      return {
        asOf: today,
        byStatus: byStatusOf(facts),
        totals: totalsOf(facts),
        byCentre: byCentreOf(facts),
        items: data.items.map(({ row, facts: item }) => ({
          referenceCode: item.referenceCode,
          ppa: item.ppa,
          centre: item.centre,
          honorariaPosition: itemHonorariaPosition(year, item.referenceCode),
          status: item.status,
          accomplishment: row.accomplishment,
          spending: itemUtilisation(item),
          photos: photos
            .filter((p) => p.item_id === row.id)
            .map((p) => ({ id: p.id, caption: p.caption })),
        })),
        reports: endedPeriods(year, today),
        signatories: signatoriesFrom(names, data.plan.approved_by_name, holders),
      };
    },

    /**
     * The accomplishment report of an ended period of a posted year (a quarter once it is over,
     * the year-end report once the year is); 404 for any other.
     */
    async publicReport(
      code: string,
      year: number,
      period: TrackerReportPeriod,
      format: 'xlsx' | 'pdf',
    ): Promise<RenderedDocument> {
      const { barangay, scope } = await barangayScope(code);
      if (!endedPeriods(year, manilaDate(clock.now())).includes(period)) {
        throw notFound(REPORT_NOT_PUBLISHED, 'TRACKER_REPORT_NOT_PUBLISHED');
      }
      return trackerReport(
        deps,
        scope,
        { code: barangay.code, name: barangay.name },
        year,
        period,
        format,
      );
    },

    /** A photo (or its thumbnail) the council marked public; 404 for anything else. */
    async publicPhoto(
      code: string,
      id: number,
      which: 'file' | 'thumbnail',
    ): Promise<EvidenceFile> {
      const { scope } = await barangayScope(code);
      const row = await evidenceRepo.findEvidence(db, scope, id);
      if (row?.kind !== 'photo' || row.is_public !== 1) {
        throw evidenceNotFound();
      }
      return openEvidence(deps, row, which);
    },
  };
}
