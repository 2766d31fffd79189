import { DOCUMENT_MESSAGES, hasPracticeAccess, MAX_DOCUMENTS_PER_CALL } from '@portal/domain';
import { type SqlQuery, sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { type Caller, loadPracticeAccess, requirePracticeFlag } from '../practices/practice-access.ts';

/** A live, uploaded document as the archive and move actions check it. */
export interface LiveDocument {
  id: number;
  practice_id: number;
  folder_id: number;
  created_by_id: number | null;
  indicator_response_id: number | null;
  /** For a document of an indicator response: whether its assessment is a self assessment in progress. */
  self_assessment_in_progress: boolean | null;
}

/**
 * SQL: may the caller read the document row `d`? Role user's select permission of documents
 * (public_documents.yaml), written for the actions' queries: the back office any document; a
 * practice user a live, uploaded document of an ACTIVE practice they hold a role on, and a
 * document of an indicator response only where they may read that response
 * (`public.assessment_can_read_responses`, the twin of `canReadAssessmentFindings`: a survey's
 * evidence after signing the confidentiality agreement, and for the PM after the review; issue
 * 28). Every action that lists, downloads, zips, archives or moves documents asks it, so none
 * reaches a document GraphQL hides (survey-findings.test.ts and documents-zip.test.ts hold the two
 * to the same answers). Inline subqueries rather than a function of the row, which PostgreSQL
 * would call once per document (a folder of thousands).
 */
export function documentReadableSql(caller: Caller): SqlQuery {
  if (caller.backOfficeRole) return sql`true`;
  const session = { 'x-hasura-user-id': String(caller.userId), 'x-hasura-role': caller.role };
  return sql`(not d.archived and d.uploaded_at is not null
    and exists (select 1 from public.practices p
                  join public.practice_users pu on pu.practice_id = p.organisation_id
                 where p.organisation_id = d.practice_id and p.active_status = 'ACTIVE'
                   and pu.user_id = ${caller.userId} and pu.active)
    and (d.indicator_response_id is null or exists (
          select 1 from public.indicator_responses r
            join public.assessments a on a.id = r.assessment_id
           where r.id = d.indicator_response_id
             and public.assessment_can_read_responses(a, ${JSON.stringify(session)}::json))))`;
}

/**
 * The ids of a batch call: at least one, at most MAX_DOCUMENTS_PER_CALL, each once (a refused
 * call changes nothing, so a batch over the limit is refused whole rather than cut).
 */
export function batchIds(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.noDocumentsChosen });
  if (unique.length > MAX_DOCUMENTS_PER_CALL)
    throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.tooManyDocuments });
  return unique;
}

/**
 * Locks (`for update`, in the caller's transaction) the live, uploaded documents of a batch and
 * checks that they are all of one practice the caller may change documents of
 * (practice.changePractice: a PM of the ACTIVE practice, or the back office). A missing, pending
 * or archived id, one of a practice the caller cannot see, or one the caller may not read (a
 * finding's document: `documentReadableSql`) answers `not_found` for the whole call, so ids cannot
 * be probed; a practice the caller sees but may not change is `forbidden`.
 * A document of an indicator response keeps spec 002 §6 for practice users: only its uploader,
 * only while that self assessment is IN_PROGRESS.
 */
export async function lockChangeableDocuments(
  tx: Queryable,
  caller: Caller,
  ids: readonly number[],
  refused: string,
): Promise<{ practiceId: number; documents: LiveDocument[] }> {
  const documents = await tx.many<LiveDocument>(sql`
    select d.id, d.practice_id, d.folder_id, d.created_by_id, d.indicator_response_id,
           case when d.indicator_response_id is null then null
                else coalesce((select a.type = 'PRESURVEY' and a.status = 'IN_PROGRESS' and a.moved_to_assessment_id is null
                                 from public.indicator_responses r
                                 join public.assessments a on a.id = r.assessment_id
                                where r.id = d.indicator_response_id), false) end
             as self_assessment_in_progress
      from public.documents d
     where d.id = any(${ids}::integer[]) and not d.archived and d.uploaded_at is not null
       and ${documentReadableSql(caller)}
     order by d.id
       for update of d`);
  const notFound = () => new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchDocument });
  if (documents.length !== ids.length) throw notFound();
  const practiceIds = [...new Set(documents.map((d) => d.practice_id))];
  // A practice the caller cannot see answers like a missing id, before anything else is said.
  for (const practiceId of practiceIds) {
    const access = await loadPracticeAccess(tx, practiceId, caller.userId, caller.backOfficeRole);
    if (!access || !hasPracticeAccess(access)) throw notFound();
  }
  if (practiceIds.length !== 1)
    throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.mixedPractices });
  const practiceId = documents[0]!.practice_id;
  await requirePracticeFlag(
    tx,
    caller,
    practiceId,
    (flags) => flags.practice.changePractice,
    DOCUMENT_MESSAGES.noSuchDocument,
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'forbidden')
      throw new AppError('forbidden', { message: refused });
    throw error;
  });
  if (!caller.backOfficeRole) {
    const locked = documents.some(
      (d) =>
        d.indicator_response_id !== null &&
        (d.created_by_id !== caller.userId || !d.self_assessment_in_progress),
    );
    if (locked) throw new AppError('forbidden', { message: DOCUMENT_MESSAGES.indicatorFileLocked });
  }
  return { practiceId, documents };
}
