import { useDebouncedValue } from '@mantine/hooks';
import { REGISTRATION_LOOKUP_MIN_LENGTH, REGISTRATION_SEARCH_DEBOUNCE_MS } from '@portal/domain';
import { useQuery } from 'urql';
import { FindStaffByRegistrationQuery, type TRegistrationMatch } from '../api/find-staff-by-registration.ts';

/**
 * Staff (of any practice) whose registration number contains what is typed (case-insensitive),
 * asked 2000 ms after the last key (spec 000 §9), from REGISTRATION_LOOKUP_MIN_LENGTH characters.
 * `refusal` is the server's message when it refused the look-up (too many in the last hour).
 */
export function useRegistrationMatches(
  registrationNum: string,
  enabled: boolean,
): { matches: TRegistrationMatch[]; refusal: string | null } {
  const [text] = useDebouncedValue(registrationNum.trim(), REGISTRATION_SEARCH_DEBOUNCE_MS);
  const active = enabled && text.length >= REGISTRATION_LOOKUP_MIN_LENGTH && text === registrationNum.trim();
  const [result] = useQuery({
    query: FindStaffByRegistrationQuery,
    variables: { registrationNum: text },
    pause: !active,
    requestPolicy: 'network-only',
  });
  // Only the answer for this text: while a new look-up runs, urql still holds the last one's data.
  if (!active || result.fetching || result.operation?.variables.registrationNum !== text)
    return { matches: [], refusal: null };
  const refused = result.error?.graphQLErrors.find((error) => error.extensions?.code === 'rate_limited');
  return { matches: result.data?.findStaffByRegistration ?? [], refusal: refused?.message ?? null };
}
