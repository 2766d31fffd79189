/**
 * When an assessment last changed: the later of its own row and its latest saved answer (an
 * answer does not touch the assessment's row).
 */
export function lastUpdatedOf(assessment: {
  updated_at: string;
  indicator_responses_aggregate: { aggregate: { max: { updated_at: string | null } | null } | null };
}): string {
  const answered = assessment.indicator_responses_aggregate.aggregate?.max?.updated_at ?? null;
  return answered && answered > assessment.updated_at ? answered : assessment.updated_at;
}
