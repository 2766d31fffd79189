import { STAFF_OPTION_LABELS, STAFF_TITLES, type TStaticChoices } from '@portal/domain';

/**
 * Person titles (spec 000 §3 practice_staff.title) with their labels: the provider's words once
 * the lists are loaded, the staff register's built-in ones until then.
 */
export function titleOptions(choices: TStaticChoices | null): { value: string; label: string }[] {
  const served = choices?.['practice_staff.title'];
  if (served) return served.map(([value, label]) => ({ value, label }));
  return STAFF_TITLES.map((value) => ({ value, label: STAFF_OPTION_LABELS[value] ?? value }));
}
