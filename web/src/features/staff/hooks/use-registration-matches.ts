import { useDebouncedValue } from '@mantine/hooks';
import { REGISTRATION_SEARCH_DEBOUNCE_MS } from '@portal/domain';
import { useQuery } from 'urql';
import { FindStaffByRegistrationQuery } from '../api/find-staff-by-registration.ts';

/** Fewer characters than this match too much to be useful. */
export const REGISTRATION_SEARCH_MIN_LENGTH = 3;

/**
 * Staff (of any practice) whose registration number contains what is typed (case-insensitive),
 * asked 2000 ms after the last key (spec 000 §9).
 */
export function useRegistrationMatches(registrationNum: string, enabled: boolean) {
  const [text] = useDebouncedValue(registrationNum.trim(), REGISTRATION_SEARCH_DEBOUNCE_MS);
  const active = enabled && text.length >= REGISTRATION_SEARCH_MIN_LENGTH && text === registrationNum.trim();
  const [result] = useQuery({
    query: FindStaffByRegistrationQuery,
    variables: { registrationNum: text },
    pause: !active,
    requestPolicy: 'network-only',
  });
  return active ? (result.data?.findStaffByRegistration ?? []) : [];
}
