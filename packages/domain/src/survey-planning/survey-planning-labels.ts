/**
 * Survey visit planning (spec 000 §3 data model): the statuses, types and visitor
 * answers as the planning screens show them. The enum tables' comments say the same words.
 */

export const VISIT_STATUSES = ['DRAFT', 'PLANNING', 'PREFERRED_DAYS_REQ', 'FINAL'] as const;
export type TVisitStatus = (typeof VISIT_STATUSES)[number];

export const VISIT_STATUS_LABELS: Record<TVisitStatus, string> = {
  DRAFT: 'Draft',
  PLANNING: 'Planning',
  PREFERRED_DAYS_REQ: 'Preferred days requested',
  FINAL: 'Final',
};

/** The visit types and their labels (ACCREDITATION shown as Survey) are in assessments/assessment-labels.ts. */

export const VISITOR_STATUS_LABELS: Record<string, string> = {
  OFFERED: 'Offered',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
};

export const CONFIRMATION_FORM_STATUS_LABELS: Record<string, string> = {
  NOT_SENT: 'Not sent',
  SENT: 'Sent',
  RECEIVED: 'Received',
};

/** A label for any status or type value, the value itself when it is unknown. */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return '';
  return labels[value] ?? value;
}

/** The planning list's row without a visit yet ("to plan"): its status filter value and label. */
export const TO_PLAN = 'TO_PLAN';
export const TO_PLAN_LABEL = 'To plan';
