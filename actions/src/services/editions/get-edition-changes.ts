import {
  EDITION_CHANGES_MESSAGES,
  hasPracticeAccess,
  portalToday,
  type TEditionChanges,
} from '@portal/domain';
import { renderEditionChanges } from '@portal/pdf';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { fileNamePart } from '../../lib/content-disposition.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { type Caller, loadPracticeAccess } from '../practices/practice-access.ts';
import { describeMove } from './describe-move.ts';
import { loadMoveMapping, type MoveMapping } from './move-store.ts';

interface CurrentAssessment {
  id: number;
  type: string;
  status: string;
  survey_version_id: number | null;
  edition_code: string | null;
  edition_name: string | null;
}

/**
 * The practice's current assessment: the self assessment of its current cycle, else its latest
 * assessment; one moved away is passed over for its copy (the copy is the practice's answers now).
 */
function loadCurrentAssessment(q: Queryable, practiceId: number) {
  return q.maybeOne<CurrentAssessment>(sql`
    select a.id, a.type, a.status, a.survey_version_id, v.code as edition_code, v.name as edition_name
      from public.assessments a
      join public.accreditations acc on acc.id = a.accreditation_id
      join public.practices p on p.organisation_id = acc.practice_id
      left join public.survey_versions v on v.id = a.survey_version_id
     where acc.practice_id = ${practiceId} and not acc.archived and a.moved_to_assessment_id is null
     order by (acc.id = p.current_accreditation_id and a.type = 'PRESURVEY') desc, a.created_at desc, a.id desc
     limit 1`);
}

/** A mapping a move could use now: to a published edition, every older indicator mapped. */
async function usable(q: Queryable, id: number | undefined): Promise<MoveMapping | null> {
  if (id === undefined) return null;
  const mapping = await loadMoveMapping(q, id);
  return mapping && mapping.toStatus === 'PUBLISHED' && mapping.unmapped.length === 0 ? mapping : null;
}

/** The newest published edition mapped from `versionId`, with a mapping a move could use. */
async function newerMapping(q: Queryable, versionId: number | null): Promise<MoveMapping | null> {
  if (versionId === null) return null;
  const row = await q.maybeOne<{ id: number }>(sql`
    select m.id from public.edition_mappings m join public.survey_versions v on v.id = m.to_version_id
     where m.from_version_id = ${versionId} and v.status = 'PUBLISHED'
     order by v.published_at desc nulls last, v.id desc limit 1`);
  return usable(q, row?.id);
}

const editionRef = async (q: Queryable, id: number) =>
  q.one<{ id: number; code: string; name: string }>(
    sql`select id, code, name from public.survey_versions where id = ${id}`,
  );

/**
 * "What changes for us" (issue 30; docs/editions/README.md): for the practice's current
 * assessment, what the newest published edition mapped from its edition changes and what a move
 * would do to its answers (PREVIEW, the dry run's own computation), or, once it was moved, what
 * was carried (MOVED, computed from the older assessment, read-only since). Whoever has access to
 * the practice (its people, its surveyors, the back office) may read it; an unknown practice and
 * one the caller has no access to answer alike (`not_found`). Changes nothing.
 */
export async function getEditionChanges(
  q: Queryable,
  caller: Caller,
  practiceId: number,
): Promise<TEditionChanges> {
  const access = await loadPracticeAccess(q, practiceId, caller.userId, caller.backOfficeRole);
  if (!access || !hasPracticeAccess(access))
    throw new AppError('not_found', { message: EDITION_CHANGES_MESSAGES.noSuchPractice });
  const practice = await q.one<{ id: number; name: string }>(
    sql`select id, name from public.organisations where id = ${practiceId}`,
  );
  const none: TEditionChanges = {
    practice,
    state: 'NONE',
    assessment: null,
    newer: null,
    moved: null,
    indicators: [],
    retired: [],
  };
  const current = await loadCurrentAssessment(q, practiceId);
  if (!current) return none;
  const assessment = {
    id: current.id,
    type: current.type,
    status: current.status,
    edition:
      current.survey_version_id === null
        ? null
        : { id: current.survey_version_id, code: current.edition_code!, name: current.edition_name! },
  };
  const move = await q.maybeOne<{
    id: number;
    mapping_id: number;
    from_assessment_id: number;
    moved_on: string;
  }>(sql`
    select id, mapping_id, from_assessment_id, to_char(moved_at at time zone 'Australia/Sydney', 'YYYY-MM-DD') as moved_on
      from public.assessment_moves where to_assessment_id = ${current.id} and undone_at is null`);
  if (move) {
    const mapping = await loadMoveMapping(q, move.mapping_id);
    if (!mapping) return { ...none, assessment };
    const flags = await q.one<{ still_new: number; still_to_review: number }>(sql`
      select count(*) filter (where new_in_edition and compliance is null and not is_marked_complete)::int as still_new,
             count(*) filter (where review_after_move)::int as still_to_review
        from public.indicator_responses where assessment_id = ${current.id} and not archived`);
    const from = await editionRef(q, mapping.fromVersionId);
    return {
      ...none,
      state: 'MOVED',
      assessment: { ...assessment, id: move.from_assessment_id, edition: from },
      newer: assessment.edition ?? (await editionRef(q, mapping.toVersionId)),
      mappingId: mapping.id,
      moved: {
        assessmentId: current.id,
        moveId: move.id,
        movedOn: move.moved_on,
        stillNew: flags.still_new,
        stillToReview: flags.still_to_review,
      },
      ...(await describeMove(q, mapping, move.from_assessment_id)),
    };
  }
  const mapping = await newerMapping(q, current.survey_version_id);
  if (!mapping) return { ...none, assessment };
  return {
    ...none,
    state: 'PREVIEW',
    assessment,
    newer: await editionRef(q, mapping.toVersionId),
    mappingId: mapping.id,
    ...(await describeMove(q, mapping, current.id)),
  };
}

/** "What changes for us" as a PDF attachment, for the same callers as `getEditionChanges`. */
export async function getEditionChangesPdf(
  q: Queryable,
  caller: Caller,
  practiceId: number,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const changes = await getEditionChanges(q, caller, practiceId);
  const today = portalToday();
  return {
    fileName: `${fileNamePart(changes.practice.name, 'practice')}-what-changes-${today}.pdf`,
    pdf: await renderEditionChanges(changes, today),
  };
}
