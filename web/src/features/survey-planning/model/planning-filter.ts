import { TO_PLAN, VISIT_STATUSES } from '@portal/domain';

/** The planning list's filters, as the URL carries them (so a filtered list can be bookmarked). */
export interface TPlanningFilter {
  state: string | null;
  qamId: number | null;
  /** yyyy-MM */
  dueMonth: string | null;
  /** A visit status or TO_PLAN. */
  status: string | null;
  /** The visit whose planning drawer is open. */
  visitId: number | null;
}

const STATUSES: readonly string[] = [...VISIT_STATUSES, TO_PLAN];
const positive = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/** Reads the filters from the query string; unknown or malformed values are ignored. */
export function readPlanningFilter(params: URLSearchParams): TPlanningFilter {
  const state = params.get('state');
  const month = params.get('month');
  const status = params.get('status');
  return {
    state: state && /^[A-Z]{2,3}$/.test(state) ? state : null,
    qamId: positive(params.get('qam')),
    dueMonth: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
    status: status && STATUSES.includes(status) ? status : null,
    visitId: positive(params.get('visit')),
  };
}

/** The query string of the filters, only what is set, in a stable order. */
export function writePlanningFilter(filter: TPlanningFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.state) params.set('state', filter.state);
  if (filter.qamId) params.set('qam', String(filter.qamId));
  if (filter.dueMonth) params.set('month', filter.dueMonth);
  if (filter.status) params.set('status', filter.status);
  if (filter.visitId) params.set('visit', String(filter.visitId));
  return params;
}
