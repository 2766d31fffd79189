import { type TVisitType, VISIT_TYPE_LABELS, VISIT_TYPES } from '../assessments/assessment-labels.ts';
import type { TVisitStatus } from './survey-planning-labels.ts';

/**
 * A cycle's visits (spec 000 §3, 001 §1): any number of every type (the accreditation survey,
 * surveillance, relocation, gap), kept apart by one rule: at most one open visit of a type per
 * cycle. A visit is open while it is being planned (not FINAL) and not archived; its database
 * twin is the unique index `survey_visits_one_open_visit_per_type` (migration
 * allow_several_visits_per_cycle).
 */
export const OPEN_VISIT_STATUSES = [
  'DRAFT',
  'PLANNING',
  'PREFERRED_DAYS_REQ',
] as const satisfies readonly TVisitStatus[];

/** Whether a visit is still being planned (and so holds its type in its cycle). */
export function isOpenVisit(visit: { status: string; archived?: boolean }): boolean {
  return !visit.archived && (OPEN_VISIT_STATUSES as readonly string[]).includes(visit.status);
}

/** Why a visit of `type` cannot be created in a cycle whose open visits have `openTypes`, or null. */
export function newVisitTypeProblem(type: string, openTypes: readonly string[]): string | null {
  if (!openTypes.includes(type)) return null;
  const label = VISIT_TYPE_LABELS[type as TVisitType] ?? type;
  return `A ${label} visit of this cycle is still being planned: plan that one (or archive it) first.`;
}

/** The types a new visit of the cycle may have. */
export function creatableVisitTypes(openTypes: readonly string[]): TVisitType[] {
  return VISIT_TYPES.filter((type) => !openTypes.includes(type));
}
