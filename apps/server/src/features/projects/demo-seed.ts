import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PROJECT_FILE_MIME, type ProjectStatus } from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import * as repo from './repository.ts';
import { PROJECTS_MODULE, formatReference, referenceYear } from './service.ts';
import { buildSimplePdf } from './simple-pdf.ts';
import { newStoredName, type DocumentStorage } from '../../lib/files/storage.ts';
import { abandonUploads, recordUploads, settleUploads } from '../../common/pending-uploads.ts';
import type { AppDb } from '../../db/database.ts';

interface DemoStep {
  daysAgo: number;
  status: ProjectStatus;
  remarks?: string;
  /** The proposer uploads a revised document with this step. */
  revision?: string;
}

export interface DemoProject {
  /** The barangay's code; its accounts are `<code>.official` and `<code>.chair`. */
  barangay: string;
  title: string;
  description: string;
  daysAgo: number;
  fileName: string;
  steps: DemoStep[];
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    barangay: 'SB',
    title: 'Inter-Purok Youth Basketball League',
    description:
      'A six-week basketball league for youth aged 15 to 24 from every purok, with a sportsmanship seminar before the opening game and a drug-free pledge.',
    daysAgo: 48,
    fileName: 'Basketball League Proposal.pdf',
    steps: [
      {
        daysAgo: 44,
        status: 'Revision Requested',
        remarks: 'Please attach the itemized budget for uniforms, referees and the venue.',
      },
      {
        daysAgo: 40,
        status: 'Pending Review',
        remarks: 'Added the itemized budget on page 2.',
        revision: 'Basketball League Proposal v2.pdf',
      },
      {
        daysAgo: 37,
        status: 'Proposal Accepted',
        remarks: 'Approved. Coordinate the court schedule with the barangay hall.',
      },
    ],
  },
  {
    barangay: 'SB',
    title: 'Creek and Riverbank Clean-up Drive',
    description:
      'Monthly clean-up of the creek banks with the barangay environment committee, waste segregation stations and a tree-planting activity.',
    daysAgo: 30,
    fileName: 'Clean-up Drive Plan.pdf',
    steps: [
      { daysAgo: 27, status: 'Proposal Accepted' },
      { daysAgo: 24, status: 'In Compilation', remarks: 'Included in the annual investment plan.' },
      { daysAgo: 15, status: 'Submitted to LGU' },
    ],
  },
  {
    barangay: 'SB',
    title: 'Mental Health Awareness Seminar',
    description:
      'A half-day seminar with a licensed guidance counselor on stress, anxiety and where to ask for help, for senior high school students.',
    daysAgo: 12,
    fileName: 'Mental Health Seminar.pdf',
    steps: [
      {
        daysAgo: 9,
        status: 'Revision Requested',
        remarks: 'Please name the resource speaker and confirm the venue capacity.',
      },
    ],
  },
  {
    barangay: 'SB',
    title: 'College Entrance Exam Review Classes',
    description:
      'Free Saturday review classes in mathematics, science and English for graduating students, run by volunteer teachers.',
    daysAgo: 3,
    fileName: 'Review Classes Proposal.pdf',
    steps: [],
  },
  {
    barangay: 'NN',
    title: 'Tree Planting along the Barangay Road',
    description:
      'Planting 300 native seedlings along the main road with the youth organizations and a one-year care schedule per purok.',
    daysAgo: 60,
    fileName: 'Tree Planting Proposal.pdf',
    steps: [
      { daysAgo: 56, status: 'Proposal Accepted' },
      { daysAgo: 50, status: "Brgy. Captain's Review" },
      { daysAgo: 45, status: 'Submitted to LGU' },
      { daysAgo: 30, status: 'LGU Approval', remarks: 'Approved by the city environment office.' },
    ],
  },
  {
    barangay: 'NN',
    title: 'Youth Health Caravan',
    description:
      'Free check-ups, dental services and HPV vaccination information with the barangay health center, one Saturday per quarter.',
    daysAgo: 21,
    fileName: 'Health Caravan Proposal.pdf',
    steps: [
      { daysAgo: 18, status: 'Proposal Accepted' },
      {
        daysAgo: 14,
        status: "Brgy. Captain's Review",
        remarks: 'Awaiting the captain’s signature.',
      },
    ],
  },
  {
    barangay: 'NN',
    title: 'E-Sports Tournament',
    description: 'An online gaming tournament with cash prizes for the top three teams.',
    daysAgo: 16,
    fileName: 'E-Sports Tournament.pdf',
    steps: [
      {
        daysAgo: 13,
        status: 'Proposal Rejected',
        remarks: 'Cash prizes are not an allowed expense under the SK budget guidelines.',
      },
    ],
  },
  {
    barangay: 'NN',
    title: 'Scholarship Application Orientation',
    description:
      'An orientation on city and national scholarship programs with help in preparing the application documents.',
    daysAgo: 2,
    fileName: 'Scholarship Orientation.pdf',
    steps: [],
  },
];

const DAY = 86_400_000;

/**
 * Sample proposals with their history and real PDF documents, so the projects pages show
 * something on first start. Only into a database with the demo accounts and no projects yet.
 */
export async function seedDemoProjects(
  db: AppDb,
  storage: DocumentStorage,
  now: Date,
): Promise<boolean> {
  const existing = await db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
  if (existing) {
    return false;
  }
  return insertDemoProjects(db, storage, now, DEMO_PROJECTS);
}

/** Inserts the given demo proposals with their history and documents (no guard). */
export async function insertDemoProjects(
  db: AppDb,
  storage: DocumentStorage,
  now: Date,
  demos: readonly DemoProject[],
): Promise<boolean> {
  const DEMO_PROJECTS = demos;
  const prefixes = [...new Set(demos.map((d) => d.barangay.toLowerCase()))];
  const people = await db
    .selectFrom('users as u')
    .innerJoin('barangays as b', 'b.id', 'u.barangay_id')
    .select(['u.id', 'u.username', 'u.full_name', 'u.barangay_id', 'b.code'])
    .where(
      'u.username',
      'in',
      prefixes.flatMap((p) => [`${p}.official`, `${p}.chair`]),
    )
    .execute();
  const person = (username: string) => people.find((p) => p.username === username);
  // Every name the documents may take, recorded as pending before any is stored (see
  // common/pending-uploads.ts), and settled with the rows.
  const names = DEMO_PROJECTS.flatMap((demo) =>
    [null, ...demo.steps.filter((step) => step.revision)].map(() => newStoredName('pdf')),
  );
  const unused = [...names];
  const written: string[] = [];
  await recordUploads(db, names, null, now);
  try {
    await db.transaction().execute(async (trx) => {
      await settleUploads(trx, names);
      for (const demo of DEMO_PROJECTS) {
        const prefix = demo.barangay.toLowerCase();
        const proposer = person(`${prefix}.official`);
        const chair = person(`${prefix}.chair`);
        if (!proposer || !chair) {
          continue;
        }
        const submitted = new Date(now.getTime() - demo.daysAgo * DAY);
        const year = referenceYear(submitted);
        const scope = { barangayId: proposer.barangay_id };
        const seq = await repo.nextReferenceSeq(trx, scope, year);
        const reference = formatReference(proposer.code, year, seq);
        const projectId = await repo.insertProject(trx, scope, {
          proposer_id: proposer.id,
          reference_number: reference,
          reference_year: year,
          reference_seq: seq,
          title: demo.title,
          description: demo.description,
          status: 'Pending Review',
          reviewer_id: null,
          reviewed_by: null,
          remarks: null,
          submitted_at: submitted.toISOString(),
          updated_at: submitted.toISOString(),
        });
        const addDocument = async (
          fileName: string,
          version: number,
          at: Date,
          notes: string | null,
        ) => {
          const bytes = buildSimplePdf(
            `${reference}: ${demo.title}`,
            `${demo.description}\n\nProposed by ${proposer.full_name}.\nDocument version ${version}.`,
          );
          const storedName = unused.shift();
          if (!storedName) {
            throw new Error('more demo documents than names recorded');
          }
          await storage.write(storedName, Readable.from([bytes]));
          written.push(storedName);
          await repo.insertDocument(trx, scope, {
            project_id: projectId,
            version,
            stored_name: storedName,
            original_name: fileName,
            file_type: 'pdf',
            mime_type: PROJECT_FILE_MIME.pdf,
            size_bytes: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            notes,
            uploaded_by: proposer.id,
            uploaded_at: at.toISOString(),
          });
        };
        await addDocument(demo.fileName, 1, submitted, null);
        await repo.insertHistory(trx, scope, {
          project_id: projectId,
          from_status: null,
          to_status: 'Pending Review',
          remarks: null,
          changed_by: proposer.id,
          changed_by_name: proposer.full_name,
          changed_at: submitted.toISOString(),
        });
        let status: ProjectStatus = 'Pending Review';
        let version = 1;
        for (const step of demo.steps) {
          const at = new Date(now.getTime() - step.daysAgo * DAY);
          const actor = step.revision ? proposer : chair;
          if (step.revision) {
            version += 1;
            await addDocument(step.revision, version, at, step.remarks ?? null);
            await repo.updateProject(trx, scope, projectId, {
              status: step.status,
              updated_at: at.toISOString(),
            });
          } else {
            await repo.updateProject(trx, scope, projectId, {
              status: step.status,
              remarks: step.remarks ?? null,
              reviewer_id: chair.id,
              reviewed_by: chair.full_name,
              updated_at: at.toISOString(),
            });
          }
          await repo.insertHistory(trx, scope, {
            project_id: projectId,
            from_status: status,
            to_status: step.status,
            remarks: step.remarks ?? null,
            changed_by: actor.id,
            changed_by_name: actor.full_name,
            changed_at: at.toISOString(),
          });
          status = step.status;
        }
        await writeAudit(trx, {
          scope: { barangayId: proposer.barangay_id },
          userId: null,
          username: 'system',
          module: PROJECTS_MODULE,
          action: 'DEMO_PROJECT_SEEDED',
          description: `Demo project ${reference} created`,
          at: now,
        });
      }
    });
  } catch (error) {
    await abandonUploads(db, storage, names);
    throw error;
  }
  return written.length > 0;
}
