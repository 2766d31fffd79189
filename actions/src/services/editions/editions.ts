import { EDITIONS_REFUSED_MESSAGE, type TEditionFileProblem, type TEditionStatus } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { requireActiveProviderAdmin } from '../admin-users/admin-caller.ts';
import { type EditionFileFormat, readEditionFile, writeEditionFile } from './edition-file.ts';
import { readEditionWorkbook, XLSX_CONTENT_TYPE } from './edition-sheet.ts';
import { writeEditionWorkbook } from './edition-sheet-write.ts';
import { type EditionSummary, insertEdition, loadEdition, unknownStoredFiles } from './edition-store.ts';

/** Who may manage the editions of the standards. */
export const EDITIONS_REFUSED = EDITIONS_REFUSED_MESSAGE;

type App = Pick<FastifyInstance, 'db'>;

/** An import refused: every problem of the file (the first `EDITION_PROBLEMS_SHOWN`), nothing stored. */
export class EditionFileRefused extends Error {
  constructor(
    readonly problems: TEditionFileProblem[],
    readonly total: number,
    message = `The file has ${total} problem${total === 1 ? '' : 's'}; nothing was imported. Correct ${total === 1 ? 'it' : 'them'} and import the file again.`,
  ) {
    super(message);
  }
}

/** An edition file as received: JSON or YAML text, or a workbook's bytes. */
export type EditionUpload = { text: string } | { workbook: Buffer };

/**
 * A provider admin imports an edition file (JSON, YAML or a workbook): checked whole first (every problem
 * with its line, then codes already taken and stored files this installation does not hold),
 * then stored as a DRAFT in one transaction, run as the admin. A refused file stores nothing.
 */
export async function importEdition(
  app: App,
  adminId: number,
  upload: EditionUpload,
): Promise<EditionSummary> {
  await requireActiveProviderAdmin(app.db, adminId, EDITIONS_REFUSED);
  const reading =
    'text' in upload ? readEditionFile(upload.text) : await readEditionWorkbook(upload.workbook);
  if (!reading.ok) throw new EditionFileRefused(reading.problems, reading.total);
  const { edition } = reading;
  return app.db.transaction(
    async (tx) => {
      const problems: TEditionFileProblem[] = [];
      const taken = await tx.maybeOne<{ status: TEditionStatus }>(
        sql`select status from public.survey_versions where lower(code) = lower(${edition.code})`,
      );
      if (taken)
        problems.push({
          line: null,
          path: 'code',
          message: `An edition with the code ${edition.code} exists already (${taken.status.toLowerCase()}): give this one a code of its own, such as ${edition.code}.1.`,
        });
      for (const key of await unknownStoredFiles(tx, edition))
        problems.push({
          line: null,
          path: 'storedFile',
          message: `No indicator resource of this installation has the stored file ${key}: give a url, or export the edition that holds the file.`,
        });
      if (problems.length) throw new EditionFileRefused(problems, problems.length);
      const { id } = await insertEdition(tx, edition);
      return (await listEditions(tx, id))[0]!;
    },
    { userId: adminId, role: 'provider_admin' },
  );
}

/** The edition as a file to download, in `format`; 404 for an unknown edition. */
export async function exportEdition(
  app: App,
  adminId: number,
  id: number,
  format: EditionFileFormat | 'xlsx',
): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  await requireActiveProviderAdmin(app.db, adminId, EDITIONS_REFUSED);
  const edition = await loadEdition(app.db, id);
  if (!edition) throw new AppError('not_found', { message: 'No such edition.' });
  const { status: _status, ...file } = edition;
  const fileName = `${edition.code}.edition.${format}`;
  if (format === 'xlsx')
    return { fileName, contentType: XLSX_CONTENT_TYPE, body: await writeEditionWorkbook(file) };
  return {
    fileName,
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8',
    body: new TextEncoder().encode(writeEditionFile(file, format)),
  };
}

/** The transitions of an edition's life the admin area offers. */
const TRANSITIONS = { publish: 'PUBLISHED', retire: 'RETIRED' } as const;

/**
 * Publishes a draft (its standards never change afterwards) or retires a draft or a published
 * edition (kept, used by no new cycle; the current edition cannot be retired while it is current).
 * The database's rules decide (migration 1796002500000): a refused change is 409 with their words.
 */
export async function changeEditionStatus(
  app: App,
  adminId: number,
  id: number,
  change: keyof typeof TRANSITIONS,
): Promise<EditionSummary> {
  await requireActiveProviderAdmin(app.db, adminId, EDITIONS_REFUSED);
  return app.db
    .transaction(
      async (tx) => {
        const edition = await tx.maybeOne<{
          id: number;
          is_current: boolean;
          status: TEditionStatus;
          code: string;
        }>(sql`select id, is_current, status, code from public.survey_versions where id = ${id} for update`);
        if (!edition) throw new AppError('not_found', { message: 'No such edition.' });
        if (edition.status === TRANSITIONS[change])
          throw new AppError('invalid_transition', {
            message: `The edition ${edition.code} is ${edition.status.toLowerCase()} already.`,
          });
        if (change === 'retire' && edition.is_current)
          throw new AppError('invalid_transition', {
            message: `${edition.code} is the current edition: make another edition current before retiring it.`,
          });
        await tx.many(
          sql`update public.survey_versions set status = ${TRANSITIONS[change]} where id = ${id}`,
        );
        return (await listEditions(tx, id))[0]!;
      },
      { userId: adminId, role: 'provider_admin' },
    )
    .catch((error: { code?: string; constraint?: string; message?: string }) => {
      if (error.code === '23514' && error.constraint?.startsWith('edition_'))
        throw new AppError('invalid_transition', { message: error.message });
      throw error;
    });
}

/** Every edition (or one), newest first, with its counts and the dates of its life. */
export async function listEditions(q: Pick<App['db'], 'many'>, id?: number): Promise<EditionSummary[]> {
  return q.many<EditionSummary>(sql`
    select v.id, v.code, v.name, v.status,
           (select count(*)::int from public.indicator_sets s where s.survey_version_id = v.id) as sets,
           (select count(*)::int from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
             where s.survey_version_id = v.id) as indicators,
           to_char(v.effective_from, 'YYYY-MM-DD') as "effectiveFrom",
           v.is_current as "isCurrent",
           to_json(v.created_at) #>> '{}' as "createdAt",
           to_json(v.published_at) #>> '{}' as "publishedAt",
           to_json(v.retired_at) #>> '{}' as "retiredAt"
      from public.survey_versions v
     where ${id ?? null}::int is null or v.id = ${id ?? null}::int
     order by v.created_at desc, v.id desc`);
}
