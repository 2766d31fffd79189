import { useState } from 'react';
import type { TRegistrationMatch } from '../api/find-staff-by-registration.ts';
import type { TEditingRow } from '../model/staff-editing.ts';
import { useRegistrationMatches } from './use-registration-matches.ts';

/**
 * The registration look-up of the row in edit (spec 000 §9): asked while its registration number
 * differs from the stored one; the matches are other staff rows, and they stay hidden for the
 * number a match was just used for.
 */
export function useRegistrationLookup(editing: TEditingRow | null) {
  const editingRegistration = editing ? String(editing.draft.registrationNum ?? '') : '';
  const original = editing ? String(editing.original.registrationNum ?? '') : '';
  const lookup = useRegistrationMatches(
    editingRegistration,
    editing !== null && editingRegistration.trim() !== original.trim(),
  );
  const matches = lookup.matches.filter((m) => m.id !== editing?.key);
  const [dismissedFor, setDismissedFor] = useState('');
  const show = (matches.length > 0 || lookup.refusal !== null) && dismissedFor !== editingRegistration;
  /** Hides the matches once `match` fills the row. */
  const used = (match: TRegistrationMatch) => setDismissedFor(match.registration_num ?? '');
  return { matches, refusal: lookup.refusal, show, used };
}
export type TRegistrationLookup = ReturnType<typeof useRegistrationLookup>;
