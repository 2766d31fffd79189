// The two tables of the surveyor's offers page: the offers waiting for an answer and those answered.
import { Anchor, Badge, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { preferredDaysRoute } from '@portal/domain';
import { Link } from 'react-router';
import { OFFER_ANSWER_COLOURS } from '../../../config/colours.ts';
import type { TOfferRow } from '../model/offer-rows.ts';

const NO_TRUNCATION = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

function OfferCells({ row }: { row: TOfferRow }) {
  return (
    <>
      <Table.Td>
        <Text fz="sm" fw={600}>
          {row.practice}
        </Text>
        <Text fz="xs" c="dimmed">
          Visit {row.visitId}
        </Text>
      </Table.Td>
      <Table.Td>{row.suburb}</Table.Td>
      <Table.Td>{row.due}</Table.Td>
      <Table.Td>{row.type}</Table.Td>
      <Table.Td>
        {/* Never truncated: a narrow table wraps the practice's name instead. */}
        <Badge color={OFFER_ANSWER_COLOURS[row.status] ?? 'gray'} variant="light" styles={NO_TRUNCATION}>
          {row.status}
        </Badge>
      </Table.Td>
    </>
  );
}

const HEAD = ['Practice', 'Suburb', 'Due', 'Type', 'Status'];

/** The offers waiting for the surveyor's answer, each with Accept and Decline. */
export function WaitingOffers({
  rows,
  acceptingId,
  onAccept,
  onDecline,
}: {
  rows: readonly TOfferRow[];
  /** The offer whose Accept is under way. */
  acceptingId: number | null;
  onAccept(row: TOfferRow): void;
  onDecline(row: TOfferRow): void;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="offers-waiting">
      <Title order={2} fz="lg" mb="md" id="offers-waiting">
        Waiting for your answer
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          You have no offers waiting for an answer.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {HEAD.map((name) => (
                  <Table.Th key={name}>{name}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>Answer</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <OfferCells row={row} />
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => onAccept(row)}
                        loading={acceptingId === row.id}
                        aria-label={`Accept the offer of ${row.practice}`}
                      >
                        Accept
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onDecline(row)}
                        aria-label={`Decline the offer of ${row.practice}`}
                      >
                        Decline
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The offers answered: when, and the decline's reason or the next step (Set Availability). */
export function AnsweredOffers({ rows }: { rows: readonly TOfferRow[] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="offers-answered">
      <Title order={2} fz="lg" mb="md" id="offers-answered">
        Answered offers
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Offers you answer are listed here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {HEAD.map((name) => (
                  <Table.Th key={name}>{name}</Table.Th>
                ))}
                <Table.Th>Answered</Table.Th>
                <Table.Th>Reason or next step</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <OfferCells row={row} />
                  <Table.Td>{row.answeredOn}</Table.Td>
                  <Table.Td>
                    {row.declineReason ? (
                      <Text fz="sm">{row.declineReason}</Text>
                    ) : row.asksForDays ? (
                      <Anchor component={Link} to={preferredDaysRoute(row.visitId)} fz="sm">
                        Set Availability
                      </Anchor>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
