import type { TAssessmentType, TIndicatorResponseFields } from '@portal/domain';

/** The colour of an indicator's code, by its compliance (spec 001 §2 "code coloured by compliance"). */
export function indicatorColour(type: TAssessmentType, response: TIndicatorResponseFields): string {
  if (response.compliance === 'NOT_APPLICABLE') return 'gray';
  if (type === 'PRESURVEY') return response.is_marked_complete ? 'teal' : 'blue';
  if (response.compliance === 'MET') return 'teal';
  if (response.compliance === 'NOT_MET') return 'red';
  return 'blue';
}

/** What the colour means, for those who cannot see it. */
export function indicatorStateLabel(type: TAssessmentType, response: TIndicatorResponseFields): string {
  if (response.compliance === 'NOT_APPLICABLE') return 'Not applicable';
  if (type === 'PRESURVEY') return response.is_marked_complete ? 'Marked complete' : 'Not answered';
  if (response.compliance === 'MET') return 'Met';
  if (response.compliance === 'NOT_MET') return 'Not met';
  return 'Not answered';
}
