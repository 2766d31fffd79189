import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import {
  ADD_PRACTICE_PATH,
  defaultBackOfficeRole,
  PRACTICE_MESSAGES,
  practiceListEmptyMessage,
} from '@portal/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PlusIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { usePaymentRedirect } from '../hooks/use-payment-redirect.ts';
import { usePracticeList } from '../hooks/use-practice-list.ts';
import { usePracticeListUrl } from '../hooks/use-practice-list-url.ts';
import { useSinglePracticeLanding } from '../hooks/use-single-practice-landing.ts';
import { toPracticeRow } from '../model/practice-row.ts';
import { CsvDownloadButton } from './csv-download-button.tsx';
import { PracticeListControls } from './practice-list-controls.tsx';
import { PracticeListPager } from './practice-list-pager.tsx';
import { PracticeTable } from './practice-table.tsx';

/** /Practice/List — search, filters, the paged table and the single-practice redirect (spec 000 §2). */
export function PracticeListPage() {
  const user = useCurrentUser();
  const { query, update } = usePracticeListUrl();
  const list = usePracticeList(query);
  const payment = usePaymentRedirect();
  const viewer = useMemo(
    () => ({ signedIn: true, isAdmin: user.flags.admin, backOfficeRole: defaultBackOfficeRole(user.flags) }),
    [user.flags],
  );
  const rows = useMemo(
    () => list.practices.map((practice) => toPracticeRow(practice, viewer)),
    [list.practices, viewer],
  );
  useSinglePracticeLanding(list, query, viewer, payment.redirect);

  return (
    <>
      <PageHeader
        title="Practices"
        description={
          // A no-break space keeps the line's height until the total arrives (a plain space is
          // no line at all, and the table below moved down when the total came: layout shift).
          list.settled || list.total ? `${list.total.toLocaleString('en-AU')} practices` : '\u00a0'
        }
        actions={
          <Group gap="sm" justify="flex-end">
            <CsvDownloadButton query={query} disabled={!list.settled || list.total === 0} />
            <Button component={Link} to={ADD_PRACTICE_PATH} leftSection={<PlusIcon size={16} />}>
              Add Practice
            </Button>
          </Group>
        }
      />
      {payment.failed ? (
        <Alert color="red" variant="light" mb="md" role="alert">
          {PRACTICE_MESSAGES.paymentRedirectFailed}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p={0}>
        <PracticeListControls query={query} update={update} />
        {list.error && !list.loading ? (
          <Alert
            color="red"
            variant="light"
            m="md"
            role="alert"
            title="The practice list could not be loaded"
          >
            <Group justify="space-between">
              <Text fz="sm">Please try again. If this keeps happening, contact support.</Text>
              <Button size="xs" variant="white" onClick={list.retry}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : null}
        <div
          style={{ opacity: list.loading && rows.length ? 0.55 : 1, transition: 'opacity 120ms' }}
          aria-busy={list.loading}
        >
          <PracticeTable
            rows={rows}
            loading={list.loading}
            emptyMessage={practiceListEmptyMessage(query)}
            stateFilter={{ options: list.states, value: query.state, onChange: (state) => update({ state }) }}
            networkFilter={{
              options: list.networks.map((name) => ({ value: name, label: name })),
              value: query.network,
              onChange: (network) => update({ network }),
            }}
            paymentPendingFor={payment.pending}
            onPayment={(practiceId) => void payment.redirect(practiceId)}
          />
        </div>
        <PracticeListPager
          total={list.total}
          page={query.page}
          refreshing={list.loading && rows.length > 0}
          onPage={(page) => update({ page })}
        />
      </Paper>
    </>
  );
}
