import { PROJECT_MESSAGES, type Project } from '@sk-tanaw/contract';
import type { AppDb, DialectName } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import * as repo from './repository.ts';
import { toProject } from './project-rows.ts';

// What the project service's parts (service.ts, submissions.ts) share.

export const PROJECTS_MODULE = 'Projects';

export interface ProjectServiceDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  mailer: Mailer;
  /** Runs the status e-mail after the answer; app close waits for it. */
  background: BackgroundTasks;
  storage: DocumentStorage;
  appSecret: string;
}

/** What the policies need to know about a project. */
export const asResource = (row: { proposer_id: number; barangay_id: number }) => ({
  ownerId: row.proposer_id,
  barangayId: row.barangay_id,
});

/** A project of the scope with its newest document; 404 when there is none. */
export async function projectById(
  db: AppDb,
  scope: BarangayScope,
  id: number,
  withProposer: boolean,
): Promise<Project> {
  const row = await repo.findProject(db, scope, id);
  if (!row) {
    throw notFound(PROJECT_MESSAGES.notFound);
  }
  const docs = await repo.latestDocuments(db, scope, [row.id]);
  return toProject(row, docs.get(row.id), withProposer);
}
