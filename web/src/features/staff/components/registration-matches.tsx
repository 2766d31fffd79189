import { Button, Group, Stack, Text } from '@mantine/core';
import type { TStaffMemberInput } from '@portal/domain';
import type { TRegistrationMatch } from '../api/find-staff-by-registration.ts';
import { useStaffLabel } from '../model/staff-labels.tsx';

/**
 * The details a match can fill in: who they are, not how they work at this practice. A match of
 * another practice found by part of the number carries only the name (the server hides the
 * rest until the number is typed in full): what it does not carry leaves the row as typed.
 */
export function matchToDraft(match: TRegistrationMatch): Partial<TStaffMemberInput> {
  const draft: Record<string, unknown> = {
    title: match.title ?? '',
    firstName: match.first_name,
    lastName: match.last_name,
    type: match.type,
    registrationNum: match.registration_num,
    email: match.email,
    vrStatus: match.vr_status,
    fteBand: match.fte_band,
    qicpd: match.qicpd,
    qaCpdNum: match.qa_cpd_num,
    cprExpiry: match.cpr_expiry,
  };
  return Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<TStaffMemberInput>;
}

/**
 * Staff at other practices with this registration number, offered to fill the row in edit; or,
 * when the server refused the look-up (too many in the last hour), its message.
 */
export function RegistrationMatches({
  matches,
  refusal = null,
  practiceId,
  onUse,
}: {
  matches: TRegistrationMatch[];
  refusal?: string | null;
  practiceId: number;
  onUse(match: TRegistrationMatch): void;
}) {
  const label = useStaffLabel();
  if (refusal !== null && matches.length === 0) {
    return (
      <Stack gap={6} role="region" aria-label="Registration number matches">
        <Text fz="sm">{refusal}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={6} role="region" aria-label="Registration number matches">
      <Text fz="sm" fw={600}>
        {matches.length === 1
          ? 'A staff member with a matching registration number is already on a register.'
          : `${matches.length} staff members have a matching registration number.`}{' '}
        <Text span fz="sm" fw={400} c="dimmed">
          Use their details to fill in this row, then check and save.
        </Text>
      </Text>
      {matches.slice(0, 5).map((match) => (
        <Group key={match.id} gap="sm" wrap="nowrap">
          <Text fz="sm">
            {[label(match.title), match.first_name, match.last_name].filter(Boolean).join(' ')}
            <Text span c="dimmed" fz="sm">
              {match.practice_id === practiceId ? ' · on this register' : ' · another practice'}
              {' · '}
              {match.registration_num ?? 'type the full number for their details'} · {label(match.type)}
            </Text>
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => onUse(match)}>
            Use these details
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
