import { STAFF_OPTION_LABELS, STAFF_TITLES } from '@portal/domain';

/** Person titles (spec 000 §3) with their labels, as the staff register shows them. */
export const TITLE_OPTIONS = STAFF_TITLES.map((value) => ({
  value,
  label: STAFF_OPTION_LABELS[value] ?? value,
}));
