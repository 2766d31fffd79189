import { STAFF_OPTION_LABELS, type TStaticChoices } from '@portal/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useStaticChoices } from '../../../lib/choices/use-static-choices.ts';

/** A staff row's choice value in words: '' for none. */
export type StaffLabel = (value: string | null | undefined) => string;

/** The choice lists of a staff row (spec 000 §3); the others (FTE band, status) are built in. */
const STAFF_LISTS = [
  'practice_staff.title',
  'practice_staff.type',
  'practice_staff.employment_type',
  'practice_staff.vr_status',
] as const;

/** The labels of the served lists, the built-in ones where a list has not loaded or lacks the value. */
export function staffLabelFrom(choices: TStaticChoices | null): StaffLabel {
  const served = new Map<string, string>();
  for (const key of STAFF_LISTS) for (const [value, label] of choices?.[key] ?? []) served.set(value, label);
  return (value) => (value ? (served.get(value) ?? STAFF_OPTION_LABELS[value] ?? value) : '');
}

const builtIn = staffLabelFrom(null);
const StaffLabelContext = createContext<StaffLabel>(builtIn);

/** Gives the register the provider's words for its choices (once the lists are loaded). */
export function StaffLabelsProvider({ children }: { children: ReactNode }) {
  const choices = useStaticChoices();
  const label = useMemo(() => staffLabelFrom(choices), [choices]);
  return <StaffLabelContext.Provider value={label}>{children}</StaffLabelContext.Provider>;
}

/** The words of a staff choice value, as the provider labels it. */
export function useStaffLabel(): StaffLabel {
  return useContext(StaffLabelContext);
}
