import { Button, Group, Stack, Text } from '@mantine/core';
import { STAFF_OPTION_LABELS, type TStaffMemberInput } from '@portal/domain';
import type { TRegistrationMatch } from '../api/staff-actions.ts';

/** The details a match can fill in: who they are, not how they work at this practice. */
export function matchToDraft(match: TRegistrationMatch): Partial<TStaffMemberInput> {
  return {
    title: match.title ?? '',
    firstName: match.firstName,
    lastName: match.lastName,
    type: match.type,
    registrationNum: match.registrationNum ?? '',
    email: match.email ?? '',
    vrStatus: match.vrStatus,
    qicpd: match.qicpd ?? '',
    qaCpdNum: match.qaCpdNum ?? '',
    cprExpiry: match.cprExpiry ?? '',
  } as Partial<TStaffMemberInput>;
}

/** Staff at other practices with this registration number, offered to fill the row in edit. */
export function RegistrationMatches({
  matches,
  onUse,
}: {
  matches: TRegistrationMatch[];
  onUse(match: TRegistrationMatch): void;
}) {
  return (
    <Stack gap={6} role="region" aria-label="Registration number matches">
      <Text fz="sm" fw={600}>
        {matches.length === 1
          ? 'This registration number is already on the register of another practice.'
          : `${matches.length} staff members on other practices' registers have a matching registration number.`}
      </Text>
      {matches.slice(0, 5).map((match) => (
        <Group key={match.id} gap="sm" wrap="nowrap">
          <Text fz="sm">
            {[STAFF_OPTION_LABELS[match.title ?? ''], match.firstName, match.lastName]
              .filter(Boolean)
              .join(' ')}
            <Text span c="dimmed" fz="sm">
              {' · '}
              {match.registrationNum} · {STAFF_OPTION_LABELS[match.type] ?? match.type}
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
