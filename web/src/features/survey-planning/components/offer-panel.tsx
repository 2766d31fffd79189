import { Badge, Button, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { labelOf, MAX_SURVEYORS_PER_OFFER, VISITOR_STATUS_LABELS } from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { VISITOR_STATUS_COLOURS } from '../../../config/colours.ts';
import type { TPlanningSurveyor, TPlanningVisit } from '../api/get-planning-visit.ts';
import { OfferSurveyVisitMutation } from '../api/offer-survey-visit.ts';
import { reportOutcome } from '../model/mutation-outcome.ts';
import { offerCandidates } from '../model/offer-candidates.ts';

/** The surveyors the visit was offered to and how each answered. */
export function TeamTable({ team }: { team: readonly TPlanningSurveyor[] }) {
  return (
    <Table verticalSpacing={6} aria-label="Surveyors offered">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Surveyor</Table.Th>
          <Table.Th>GP</Table.Th>
          <Table.Th>Answer</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {team.map((s) => (
          <Table.Tr key={s.userId}>
            <Table.Td>
              {s.name}
              {s.isLead ? (
                <Badge ml={6} size="xs" variant="outline">
                  Lead
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>{s.isGp ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>
              <Badge
                size="sm"
                variant="light"
                color={VISITOR_STATUS_COLOURS[s.visitorStatus ?? ''] ?? 'gray'}
              >
                {labelOf(VISITOR_STATUS_LABELS, s.visitorStatus)}
              </Badge>
              {s.declineReason ? (
                <Text fz="xs" c="dimmed">
                  {s.declineReason}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The active surveyors not offered the visit yet: home state, GP, current load; one with a
 * conflict of interest with the practice is listed with the reason and cannot be chosen.
 */
export function OfferPanel({ visit, onChanged }: { visit: TPlanningVisit; onChanged(): void }) {
  const candidates = offerCandidates(visit);
  const [chosen, setChosen] = useState<number[]>([]);
  const [{ fetching }, offer] = useMutation(OfferSurveyVisitMutation);
  if (candidates.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Every active surveyor has been offered this visit.
      </Text>
    );
  const toggle = (id: number, on: boolean) =>
    setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const submit = async () => {
    const result = await offer({ visitId: visit.id, surveyorIds: chosen });
    if (
      reportOutcome(
        result,
        (d: { offerSurveyVisit: { message: string } }) => d.offerSurveyVisit.message,
        'The visit could not be offered, please try again.',
      )
    ) {
      setChosen([]);
      onChanged();
    }
  };
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} aria-label="Surveyors to offer the visit to">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>Offer</VisuallyHidden>
              </Table.Th>
              <Table.Th>Surveyor</Table.Th>
              <Table.Th>Home state</Table.Th>
              <Table.Th>GP</Table.Th>
              <Table.Th>Current load</Table.Th>
              <Table.Th>Conflict of interest</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {candidates.map((s) => (
              <Table.Tr key={s.userId} c={s.conflictReason ? 'dimmed' : undefined}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Offer to ${s.name}`}
                    checked={chosen.includes(s.userId)}
                    disabled={!!s.conflictReason}
                    onChange={(e) => toggle(s.userId, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.homeState ?? ''}</Table.Td>
                <Table.Td>{s.isGp ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>{s.load === 1 ? '1 visit' : `${s.load} visits`}</Table.Td>
                <Table.Td>
                  {s.conflictReason ? (
                    <Text fz="sm" c="red.9">
                      Conflicted: {s.conflictReason}
                    </Text>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      None declared
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button
        mt="sm"
        onClick={submit}
        loading={fetching}
        disabled={chosen.length === 0 || chosen.length > MAX_SURVEYORS_PER_OFFER}
      >
        {chosen.length > 1 ? `Offer to ${chosen.length} surveyors` : 'Offer visit'}
      </Button>
    </>
  );
}
