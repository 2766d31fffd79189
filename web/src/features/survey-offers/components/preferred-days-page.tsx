import '@mantine/dates/styles.css';
import { Alert, Anchor, Button, Paper, Skeleton, Stack } from '@mantine/core';
import {
  formatMonthLong,
  PREFERRED_DAYS_LOCKS,
  portalToday,
  preferredDaysLock,
  SURVEY_OFFERS_PATH,
  type TVisitType,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { GetPreferredDaysQuery } from '../api/get-preferred-days.ts';
import { PreferredDaysForm } from './preferred-days-form.tsx';
import { StatedDays } from './stated-days.tsx';

/**
 * /SurveyVisits/:id/PreferredDays: the surveyor marks the days of the requested period they are
 * available, and unavailable days with a reason, while the visit asks for them (preferredDaysLock
 * of @portal/domain, which the savePreferredDays action asks too); otherwise read-only, saying why.
 */
export function PreferredDaysPage() {
  const { id } = useParams();
  const user = useCurrentUser();
  const visitId = Number(id);
  const valid = Number.isInteger(visitId) && visitId > 0;
  const [{ data, error, fetching }, refetch] = useQuery({
    query: GetPreferredDaysQuery,
    variables: { visitId, userId: user.id },
    pause: !valid,
    requestPolicy: 'cache-and-network',
  });
  const visit = data?.survey_visits_by_pk ?? null;
  const visitor = visit?.survey_visitors[0] ?? null;
  const today = portalToday();

  const heading = visitor
    ? `${[visitor.practice_name, visitor.practice_suburb].filter(Boolean).join(', ')} · ${VISIT_TYPE_LABELS[visit!.type as TVisitType] ?? visit!.type} · Preferences due ${formatMonthLong(visit!.due) || 'not set'}`
    : undefined;

  let body: React.ReactNode;
  if (error) {
    body = (
      <Alert color="red" variant="light">
        {PortalError.fromCombinedError(error).message}
      </Alert>
    );
  } else if (valid && !data && fetching) {
    body = <Skeleton h={320} radius="md" />;
  } else if (!visit || !visitor) {
    body = (
      <Alert color="yellow" variant="light" title="This survey visit is not yours">
        {PREFERRED_DAYS_LOCKS.notVisitor}{' '}
        <Anchor component={Link} to={SURVEY_OFFERS_PATH}>
          See your survey offers
        </Anchor>
        .
      </Alert>
    );
  } else {
    const lock = preferredDaysLock(visit, visitor.status, today);
    body = lock ? (
      <Stack gap="lg">
        <Alert color="yellow" variant="light" title="Read only">
          {PREFERRED_DAYS_LOCKS[lock]}
        </Alert>
        <Paper withBorder radius="md" p="lg">
          <StatedDays days={visit.preferred_days} />
        </Paper>
      </Stack>
    ) : (
      <PreferredDaysForm
        key={visit.preferred_days.map((d) => `${d.day}${d.available}${d.reason}`).join()}
        visitId={visit.id}
        due={visit.due!}
        today={today}
        days={visit.preferred_days}
        onSaved={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Preferred days"
        description={heading}
        actions={
          <Button component={Link} to={SURVEY_OFFERS_PATH} variant="default" style={{ flexShrink: 0 }}>
            Survey Offers
          </Button>
        }
      />
      {body}
    </>
  );
}
