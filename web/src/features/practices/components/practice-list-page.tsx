import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { defaultBackOfficeRole, hasPracticeListCriteria, PRACTICE_LIST_FILTERS, PRACTICE_LIST_PAGE_SIZE, PRACTICE_LIST_TEXT_MAX_LENGTH, PRACTICE_MESSAGES, PRACTICE_SEARCH_DEBOUNCE_MS, practiceListEmptyMessage, singlePracticeLanding, type TPracticeListFilter, ADD_PRACTICE_PATH } from '@portal/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PlusIcon, SearchIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { usePaymentRedirect } from '../hooks/use-payment-redirect.ts';
import { usePracticeList } from '../hooks/use-practice-list.ts';
import { usePracticeListUrl } from '../hooks/use-practice-list-url.ts';
import { practiceOpenerOf, toPracticeRow } from '../model/practice-row.ts';
import { CsvDownloadButton } from './csv-download-button.tsx';
import { PracticeTable } from './practice-table.tsx';

/** /Practice/List — search, filters, the paged table and the single-practice redirect (spec 000 §2). */
export function PracticeListPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
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

  // Exactly one practice in the whole (unfiltered) list: straight to it, or to payment when the
  // user may pay; a row locked for the user keeps them here.
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || !list.settled || hasPracticeListCriteria(query) || query.page !== 1) return;
    landed.current = true;
    const only = list.total === 1 ? list.practices[0] : undefined;
    const landing = only ? singlePracticeLanding([only], practiceOpenerOf(only, viewer)) : null;
    if (landing?.kind === 'staff') navigate(landing.path, { replace: true });
    else if (landing?.kind === 'payment') void payment.redirect(landing.practiceId);
  }, [list.settled, list.total, list.practices, query, viewer, navigate, payment.redirect]);

  const pages = Math.max(1, Math.ceil(list.total / PRACTICE_LIST_PAGE_SIZE));
  const first = list.total === 0 ? 0 : (query.page - 1) * PRACTICE_LIST_PAGE_SIZE + 1;
  const last = Math.min(list.total, query.page * PRACTICE_LIST_PAGE_SIZE);
  const criteria = hasPracticeListCriteria(query);

  return (
    <>
      <PageHeader
        title="Practices"
        description={list.settled || list.total ? `${list.total.toLocaleString('en-AU')} practices` : ' '}
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
        <Stack gap="sm" p="md">
          <Group justify="space-between" align="center" gap="sm">
            <SearchBox value={query.search} onSearch={(search) => update({ search }, { replace: true })} />
            {criteria ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => update({ search: '', filters: [], state: null, network: null })}
              >
                Clear search and filters
              </Button>
            ) : null}
          </Group>
          <Group gap="md" role="group" aria-label="Filters">
            {PRACTICE_LIST_FILTERS.map((filter) => (
              <Checkbox
                key={filter.flag}
                label={filter.label}
                size="sm"
                checked={query.filters.includes(filter.flag)}
                onChange={(event) =>
                  update({ filters: toggled(query.filters, filter.flag, event.currentTarget.checked) })
                }
              />
            ))}
          </Group>
        </Stack>
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
        <Group justify="space-between" p="md" gap="sm">
          <Group gap="xs">
            <Text fz="sm" c="dimmed" data-testid="practice-list-range">
              {list.total > 0 ? `Showing ${first}–${last} of ${list.total.toLocaleString('en-AU')}` : ''}
            </Text>
            {list.loading && rows.length ? <Loader size={14} /> : null}
          </Group>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(query.page, pages)}
              onChange={(page) => update({ page })}
              size="sm"
              siblings={1}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          ) : null}
        </Group>
      </Paper>
    </>
  );
}

function toggled(
  filters: TPracticeListFilter[],
  flag: TPracticeListFilter,
  on: boolean,
): TPracticeListFilter[] {
  return on ? [...filters.filter((f) => f !== flag), flag] : filters.filter((f) => f !== flag);
}

/** 'Search all practices': typing is debounced 600 ms (spec 000 §9) before the URL changes. */
function SearchBox({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback(onSearch, PRACTICE_SEARCH_DEBOUNCE_MS);
  const typed = useRef(value);
  // Back/forward or a cleared filter changes the URL: show what it says.
  useEffect(() => {
    if (value !== typed.current.trim()) {
      typed.current = value;
      setText(value);
    }
  }, [value]);
  return (
    <TextInput
      size="sm"
      w={{ base: '100%', sm: 380 }}
      placeholder={PRACTICE_MESSAGES.searchPlaceholder}
      aria-label={PRACTICE_MESSAGES.searchPlaceholder}
      maxLength={PRACTICE_LIST_TEXT_MAX_LENGTH}
      leftSection={<SearchIcon size={16} />}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        typed.current = next;
        setText(next);
        debounced(next);
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              typed.current = '';
              setText('');
              debounced.cancel?.();
              onSearch('');
            }}
          />
        ) : null
      }
    />
  );
}
