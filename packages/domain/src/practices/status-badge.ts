/** Badge colours (Mantine colour names). */
export type TBadgeColor = 'blue' | 'green' | 'red' | 'yellow' | 'gray';

/**
 * Status badge labels and colours (spec 000 §4): in progress / open blue; accredited / approved /
 * closed green; action required red; payment pending / under review yellow; completed /
 * complete / certified grey. Any status value (practice, accreditation, assessment, in any case,
 * with underscores or spaces) is accepted; others get a neutral grey badge with their words.
 */
const BADGES: Record<string, TBadgeColor> = {
  'in progress': 'blue',
  open: 'blue',
  accredited: 'green',
  approved: 'green',
  closed: 'green',
  'action required': 'red',
  'payment pending': 'yellow',
  'under review': 'yellow',
  completed: 'gray',
  complete: 'gray',
  certified: 'gray',
};

export function statusBadge(status: string | null | undefined): { label: string; color: TBadgeColor } {
  const words = (status ?? '')
    .trim()
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();
  const label = words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
  return { label, color: BADGES[words] ?? 'gray' };
}

/**
 * The status shown in the list's Cycle column: payment pending while the practice waits for
 * its fee; for an open cycle the status of its latest survey visit assessment (else in
 * progress); for a closed cycle accredited when the practice is, else closed.
 */
export function practiceCycleStatus(practice: {
  status: string;
  current_accreditation?: {
    status: string;
    assessments?: ReadonlyArray<{ type: string; status: string; created_at?: string }> | null;
  } | null;
}): string {
  if (practice.status === 'PAYMENT_PENDING') return 'PAYMENT_PENDING';
  const cycle = practice.current_accreditation;
  if (!cycle) return practice.status;
  if (cycle.status === 'OPEN') {
    const visits = (cycle.assessments ?? []).filter((a) => a.type === 'SURVEY_VISIT');
    const latest = [...visits].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '')).at(-1);
    return latest?.status ?? 'IN_PROGRESS';
  }
  return practice.status === 'ACCREDITED' ? 'ACCREDITED' : 'CLOSED';
}
