import { PLAN_MESSAGES, PLAN_RESOLUTION_MAX_BYTES } from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound, payloadTooLarge } from '../../lib/errors.ts';
import { detectDocumentType } from '../../lib/files/file-type.ts';
import { signLink, verifyLink } from '../../lib/files/signed-links.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import * as repo from './repository.ts';

/** Where signed links to resolution PDFs point (see routes.ts). */
export const RESOLUTION_LINK_PATH = '/api/budget-plans/resolutions';
const RESOLUTION_SCOPE = 'plan-resolution';

/** Refuses a signed resolution uploaded on approval that is too large or not a PDF. */
export async function checkResolutionUpload(file: StagedUpload): Promise<void> {
  if (file.size > PLAN_RESOLUTION_MAX_BYTES) {
    throw payloadTooLarge(
      PLAN_MESSAGES.resolutionTooLarge(PLAN_RESOLUTION_MAX_BYTES / (1024 * 1024)),
      'PLAN_RESOLUTION_TOO_LARGE',
    );
  }
  if ((await detectDocumentType(file.path)) !== 'pdf') {
    throw badRequest(PLAN_MESSAGES.resolutionNotPdf, 'PLAN_RESOLUTION_NOT_PDF');
  }
}

export interface ResolutionDeps {
  db: AppDb;
  clock: Clock;
  storage: DocumentStorage;
  appSecret: string;
}

/** The signed resolutions stored with approved plans, opened through short-lived links. */
export function createResolutionLinks(deps: ResolutionDeps) {
  const { db, clock, storage } = deps;
  return {
    /** GET /api/budget-plans/:id/resolution-url: a five-minute link to the signed resolution. */
    async resolutionLink(user: AuthUser, id: number): Promise<string> {
      const plan = await repo.findPlan(db, user, id);
      if (!plan) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      if (!plan.resolution_stored_name) {
        throw notFound(PLAN_MESSAGES.noResolution, 'PLAN_NO_RESOLUTION');
      }
      return signLink(
        deps.appSecret,
        RESOLUTION_SCOPE,
        RESOLUTION_LINK_PATH,
        plan.resolution_stored_name,
        clock.now(),
      );
    },

    verifyResolutionLink(storedName: string, exp: string | undefined, sig: string | undefined) {
      return verifyLink(deps.appSecret, RESOLUTION_SCOPE, storedName, exp, sig, clock.now());
    },

    /** What a verified resolution link opens. */
    async resolutionForLink(storedName: string) {
      const plan = await repo.findPlanByResolution(db, storedName);
      if (!plan?.resolution_stored_name || !(await storage.exists(storedName))) {
        throw notFound(PLAN_MESSAGES.noResolution, 'PLAN_NO_RESOLUTION');
      }
      return {
        doc: {
          mime_type: 'application/pdf',
          file_type: 'pdf',
          original_name: plan.resolution_file_name ?? 'resolution.pdf',
          size_bytes: plan.resolution_size_bytes ?? 0,
        },
        stream: await storage.open(storedName),
      };
    },
  };
}
