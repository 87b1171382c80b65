import { TRACKER_MESSAGES } from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import { forbidden } from '../../lib/errors.ts';
import { rowOfCaller, type RequireUserOptions } from '../../plugins/auth.ts';
import * as commitmentRepo from './commitment-repository.ts';
import { commitmentNotFound } from './commitments.ts';
import { checkpointNotFound, disbursementNotFound, itemNotFound } from './context.ts';
import { evidenceNotFound } from './evidence-service.ts';
import * as evidenceRepo from './evidence-repository.ts';
import * as repo from './repository.ts';

/** The tracker's rows a URL can name, by the path's noun. */
export type TrackerRowKind = 'item' | 'checkpoint' | 'disbursement' | 'evidence' | 'commitment';

const rows = {
  item: { find: repo.findItem, missing: itemNotFound },
  checkpoint: { find: repo.findCheckpoint, missing: checkpointNotFound },
  disbursement: { find: repo.findDisbursement, missing: disbursementNotFound },
  evidence: { find: evidenceRepo.findEvidence, missing: evidenceNotFound },
  commitment: { find: commitmentRepo.findCommitment, missing: commitmentNotFound },
} as const;

/**
 * The caller check of a tracker change (plugins/auth.ts), before its body is read: the role
 * (403 TRACKER_FORBIDDEN, administrators read only), then the row in the URL, which must be
 * the caller's barangay's (else the route's own 404, as the service answers it).
 */
export function trackerChange(db: AppDb, kind: TrackerRowKind): RequireUserOptions {
  const { find, missing } = rows[kind];
  return {
    action: 'tracker.view',
    role: {
      action: 'tracker.edit',
      refuse: () => forbidden(TRACKER_MESSAGES.forbidden, 'TRACKER_FORBIDDEN'),
    },
    resource: rowOfCaller(db, find, missing),
  };
}
