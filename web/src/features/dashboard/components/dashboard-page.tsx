import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { defaultBackOfficeRole, toWireDate } from '@portal/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { usePaymentRedirect } from '../../practices/index.ts';
import { GetDashboardQuery } from '../api/get-dashboard.ts';
import { dashboardDueItems, dashboardVariables, type TDueItem } from '../model/due-items.ts';

/** /Dashboard — what needs the user's attention across their practices. */
export function DashboardPage() {
  const user = useCurrentUser();
  const today = toWireDate(new Date());
  const backOfficeRole = defaultBackOfficeRole(user.flags);
  const variables = useMemo(
    () => dashboardVariables(user.id, today, backOfficeRole),
    [user.id, today, backOfficeRole],
  );
  const [{ data, error }, refetch] = useQuery({
    query: GetDashboardQuery,
    variables,
    requestPolicy: 'cache-and-network',
  });
  const items = useMemo(
    () => (data ? dashboardDueItems(data, today, backOfficeRole) : []),
    [data, today, backOfficeRole],
  );
  const total = data?.total.aggregate?.count ?? 0;
  const payment = usePaymentRedirect();

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${user.firstName}. Here is what needs your attention across your practices.`}
        actions={
          user.flags.newUser ? null : (
            <Button component={Link} to="/Practice/List" variant="default">
              All practices
            </Button>
          )
        }
      />
      {error ? (
        <Alert color="red" variant="light" role="alert" title="Your dashboard could not be loaded" mb="lg">
          <Group justify="space-between">
            <Text fz="sm">Please try again.</Text>
            <Button size="xs" variant="white" onClick={() => refetch({ requestPolicy: 'network-only' })}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {!data && !error ? (
        <Stack gap="md" data-testid="dashboard-loading">
          <Skeleton h={90} radius="lg" />
          <Skeleton h={240} radius="lg" />
        </Stack>
      ) : data ? (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Stat label="Your practices" value={total} />
            <Stat label="Things to do" value={items.length} />
            <Stat
              label="Renewals due"
              value={items.filter((item) => item.key.startsWith('renewal-')).length}
            />
          </SimpleGrid>
          <Paper withBorder radius="lg" p={0}>
            <Group justify="space-between" px="lg" py="md">
              <Title order={2} fz={17}>
                Needs your attention
              </Title>
            </Group>
            {items.length === 0 ? (
              <Text c="dimmed" px="lg" pb="xl" data-testid="dashboard-empty">
                {total === 0
                  ? 'You are not linked to a practice yet. When a practice invites you, it appears here.'
                  : 'Nothing is due right now. You are all up to date.'}
              </Text>
            ) : (
              <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Due items">
                {items.map((item) => (
                  <DueItemRow
                    key={item.key}
                    item={item}
                    paying={payment.pending === item.practiceId}
                    onPay={() => void payment.redirect(item.practiceId)}
                  />
                ))}
              </Stack>
            )}
          </Paper>
        </Stack>
      ) : null}
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={650} lts={0.5}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value.toLocaleString('en-AU')}
      </Text>
    </Paper>
  );
}

function DueItemRow({ item, paying, onPay }: { item: TDueItem; paying: boolean; onPay(): void }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      px="lg"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={`due-${item.key}`}
    >
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="nowrap">
          <Badge color={item.tone} variant="light" radius="sm" tt="none">
            {item.title}
          </Badge>
          {item.when ? (
            <Text fz="sm" c="dimmed">
              {item.whenLabel ?? 'Due'} {item.when}
            </Text>
          ) : null}
        </Group>
        <Anchor
          component={Link}
          to={`/PracticeOverview/${item.practiceId}/Staff`}
          fz="sm"
          fw={600}
          c="var(--mantine-color-text)"
          truncate
        >
          {item.practiceName}
        </Anchor>
      </Stack>
      {'payment' in item.action ? (
        <Button size="xs" variant="light" color="yellow" loading={paying} onClick={onPay}>
          {item.action.label}
        </Button>
      ) : (
        <Button size="xs" variant="light" component={Link} to={item.action.to}>
          {item.action.label}
        </Button>
      )}
    </Group>
  );
}
