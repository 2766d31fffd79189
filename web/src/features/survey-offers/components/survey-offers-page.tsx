import { Alert, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { AcceptSurveyOfferMutation } from '../api/accept-survey-offer.ts';
import { GetSurveyOffersQuery } from '../api/get-survey-offers.ts';
import { offerRows, type TOfferRow } from '../model/offer-rows.ts';
import { DeclineOfferModal } from './decline-offer-modal.tsx';
import { AnsweredOffers, WaitingOffers } from './offer-tables.tsx';

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
          <WaitingOffers
            rows={waiting}
            acceptingId={accepting ? acceptingId : null}
            onAccept={(row) => void onAccept(row)}
            onDecline={setDeclining}
          />
          <AnsweredOffers rows={answered} />
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
