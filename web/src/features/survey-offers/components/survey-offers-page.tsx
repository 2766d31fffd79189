import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { preferredDaysRoute } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { OFFER_ANSWER_COLOURS } from '../../../config/colours.ts';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { AcceptSurveyOfferMutation } from '../api/accept-survey-offer.ts';
import { GetSurveyOffersQuery } from '../api/get-survey-offers.ts';
import { offerRows, type TOfferRow } from '../model/offer-rows.ts';
import { DeclineOfferModal } from './decline-offer-modal.tsx';

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

/** /SurveyVisits/Offers: the surveyor's offers, answered with Accept or Decline; answered ones below. */
export function SurveyOffersPage() {
  const user = useCurrentUser();
  const [{ data, error, fetching }, refetch] = useQuery({
    query: GetSurveyOffersQuery,
    variables: { userId: user.id },
    requestPolicy: 'cache-and-network',
    pause: !user.flags.surveyor,
  });
  const [{ fetching: accepting }, accept] = useMutation(AcceptSurveyOfferMutation);
  const [acceptingId, setAcceptingId] = useState<number | null>(null);
  const [declining, setDeclining] = useState<TOfferRow | null>(null);
  const { waiting, answered } = offerRows(data?.survey_visitors ?? []);

  const onAccept = async (row: TOfferRow) => {
    setAcceptingId(row.id);
    const result = await accept({ visitorId: row.id });
    setAcceptingId(null);
    if (result.error) notifyError(PortalError.fromCombinedError(result.error).message);
    else
      notifySuccess(`${result.data?.acceptSurveyOffer.message ?? 'Accepted.'} ${row.practice}, ${row.due}.`);
    refetch({ requestPolicy: 'network-only' });
  };

  return (
    <>
      <PageHeader
        title="Survey Offers"
        description="Survey visits you have been offered. Accept the ones you can do; decline the others with a reason."
      />
      {!user.flags.surveyor ? (
        <Alert color="gray" variant="light">
          Survey offers are made to surveyors; your account is not a surveyor's.
        </Alert>
      ) : error ? (
        <Alert color="red" variant="light">
          {PortalError.fromCombinedError(error).message}
        </Alert>
      ) : !data && fetching ? (
        <Skeleton h={200} radius="md" />
      ) : (
        <Stack gap="xl">
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="offers-waiting">
            <Title order={2} fz="lg" mb="md" id="offers-waiting">
              Waiting for your answer
            </Title>
            {waiting.length === 0 ? (
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
                    {waiting.map((row) => (
                      <Table.Tr key={row.id}>
                        <OfferCells row={row} />
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <Button
                              size="xs"
                              onClick={() => onAccept(row)}
                              loading={accepting && acceptingId === row.id}
                              aria-label={`Accept the offer of ${row.practice}`}
                            >
                              Accept
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setDeclining(row)}
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
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="offers-answered">
            <Title order={2} fz="lg" mb="md" id="offers-answered">
              Answered offers
            </Title>
            {answered.length === 0 ? (
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
                    {answered.map((row) => (
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
        </Stack>
      )}
      <DeclineOfferModal
        offer={declining}
        onClose={() => setDeclining(null)}
        onDeclined={() => {
          setDeclining(null);
          refetch({ requestPolicy: 'network-only' });
        }}
      />
    </>
  );
}
