import type { Executor } from '../db/database.ts';

/**
 * Which of `names` (files in document storage) a row refers to: project documents, the signed
 * resolutions of budget plans, the tracker's evidence files and thumbnails and the minutes of KK
 * assemblies share the storage,
 * so the document sweep (common/document-sweep.ts) must know them all before it removes a file.
 */
export async function referencedStoredNames(db: Executor, names: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In slices, so a big folder never makes one statement with too many parameters.
  for (let i = 0; i < names.length; i += 500) {
    const slice = names.slice(i, i + 500);
    const documents = await db
      .selectFrom('project_documents')
      .select('stored_name')
      .where('stored_name', 'in', slice)
      .execute();
    const resolutions = await db
      .selectFrom('budget_plans')
      .select('resolution_stored_name')
      .where('resolution_stored_name', 'in', slice)
      .execute();
    const evidence = await db
      .selectFrom('tracker_evidence')
      .select(['stored_name', 'thumbnail_name'])
      .where((eb) => eb.or([eb('stored_name', 'in', slice), eb('thumbnail_name', 'in', slice)]))
      .execute();
    const minutes = await db
      .selectFrom('kk_assemblies')
      .select('minutes_stored_name')
      .where('minutes_stored_name', 'in', slice)
      .execute();
    for (const row of minutes) {
      if (row.minutes_stored_name) {
        found.add(row.minutes_stored_name);
      }
    }
    for (const row of evidence) {
      found.add(row.stored_name);
      if (row.thumbnail_name) {
        found.add(row.thumbnail_name);
      }
    }
    for (const row of documents) {
      found.add(row.stored_name);
    }
    for (const row of resolutions) {
      if (row.resolution_stored_name) {
        found.add(row.resolution_stored_name);
      }
    }
  }
  return found;
}
