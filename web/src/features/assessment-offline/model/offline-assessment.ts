import type { Client } from '@urql/core';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import { appUpdate } from '../../../lib/offline/app-update.ts';
import { getCopy, putCopy, type TDeviceCopy } from '../../../lib/offline/device-store.ts';
import {
  GetAssessmentQuery,
  GetEditionStandardsQuery,
  OpenAssessmentMutation,
  type TAssessmentData,
  withStandards,
} from '../../assessments/index.ts';
import { savePracticeForOffline } from '../../practices/index.ts';
import { GetAssessmentCommentsQuery } from '../api/get-assessment-comments.ts';
import { GetSurveyorSummariesQuery } from '../api/get-surveyor-summaries.ts';

export type { TAssessmentData };
export type TOfflineComment = ResultOf<typeof GetAssessmentCommentsQuery>['comments'][number];
export type TOfflineSummary = ResultOf<typeof GetSurveyorSummariesQuery>['general_comments'][number];

/**
 * Everything the assessment screen renders, as kept on the device for one user
 * (docs/decisions/offline.md): the assessment with its edition's standards (the two queries the
 * screen reads, joined as it shows them, so a copy opens offline as it always did).
 */
export interface TOfflineAssessment {
  assessment: TAssessmentData;
  comments: TOfflineComment[];
  summaries: TOfflineSummary[];
}

export const offlineAssessmentKey = (assessmentId: number) => `assessment:${assessmentId}`;

/**
 * A copy kept by an earlier version of the app, read as this one reads it: the standards were then
 * under the cycle (`accreditation.survey_version`); they are the assessment's own now.
 */
export function upgradeOfflineCopy(copy: TOfflineAssessment): TOfflineAssessment {
  const assessment = copy.assessment as TAssessmentData & {
    accreditation: { survey_version?: TAssessmentData['survey_version'] } | null;
  };
  if (assessment.survey_version !== undefined || !assessment.accreditation?.survey_version) return copy;
  const { survey_version, ...accreditation } = assessment.accreditation;
  return {
    ...copy,
    assessment: {
      ...assessment,
      accreditation,
      survey_version,
      moved_to_assessment_id: null,
      moved_to_assessment: null,
    } as TAssessmentData,
  };
}

/** The device's copy of an assessment for this user, if it has one. */
export async function offlineAssessmentCopy(
  userId: number,
  assessmentId: number,
): Promise<TDeviceCopy<TOfflineAssessment> | undefined> {
  const copy = await getCopy<TOfflineAssessment>(userId, offlineAssessmentKey(assessmentId));
  return copy && { ...copy, data: upgradeOfflineCopy(copy.data) };
}

/** Keeps what the screen loaded (plus its comments and summaries) as the device's copy. */
export async function keepAssessmentCopy(
  client: Client,
  userId: number,
  assessment: TAssessmentData,
): Promise<Date> {
  const [comments, summaries] = await Promise.all([
    client
      .query(GetAssessmentCommentsQuery, { assessmentId: assessment.id }, { requestPolicy: 'network-only' })
      .toPromise(),
    client
      .query(GetSurveyorSummariesQuery, { assessmentId: assessment.id }, { requestPolicy: 'network-only' })
      .toPromise(),
  ]);
  if (!comments.data || !summaries.data) throw comments.error ?? summaries.error ?? new Error('not loaded');
  const savedAt = new Date();
  await putCopy<TOfflineAssessment>(
    userId,
    offlineAssessmentKey(assessment.id),
    { assessment, comments: comments.data.comments, summaries: summaries.data.general_comments },
    savedAt,
  );
  return savedAt;
}

/**
 * Stores an assessment for offline use by this user (opening it, or "Make available
 * offline"): opens it as the screen does (every indicator gets a response to save to), then keeps
 * its standards, responses, comments and summaries, and its practice's overview and the user's
 * flags there, on the device. Resolves with the time of the copy; rejects when the server
 * refuses or cannot be reached (nothing is half-stored: the copy is written in one put).
 */
export async function saveAssessmentForOffline(
  client: Client,
  assessmentId: number,
  userId: number,
): Promise<{ savedAt: Date }> {
  const opened = await client.mutation(OpenAssessmentMutation, { assessmentId }).toPromise();
  if (opened.error) throw opened.error;
  const result = await client
    .query(GetAssessmentQuery, { id: assessmentId }, { requestPolicy: 'network-only' })
    .toPromise();
  const row = result.data?.assessments_by_pk;
  if (!row) throw result.error ?? new Error('the assessment could not be loaded');
  // The edition's standards: from the cache when this session has read them already.
  const standards =
    row.survey_version_id == null
      ? null
      : await client
          .query(GetEditionStandardsQuery, { id: row.survey_version_id }, { requestPolicy: 'cache-first' })
          .toPromise();
  const assessment = withStandards(row, standards?.data?.survey_versions_by_pk);
  if (!assessment) throw standards?.error ?? new Error('the standards could not be loaded');
  const practiceId = assessment.accreditation?.practice_id;
  if (practiceId != null) await savePracticeForOffline(client, userId, practiceId);
  const savedAt = await keepAssessmentCopy(client, userId, assessment);
  // The screen's own files too: "Available offline" on a first visit, before the service worker
  // had kept them, opened a blank page offline.
  await appUpdate.codeOnDevice();
  return { savedAt };
}
