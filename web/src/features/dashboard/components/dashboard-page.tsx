import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  BACK_OFFICE_QUEUE_LIMIT,
  EMPTY_QUEUE_TEXT,
  PRACTICE_LIST_PATH,
  portalToday,
  practiceStaffPath,
  type TQueueItem,
  type TWorkQueue,
  WORK_QUEUES,
} from '@portal/domain';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { usePaymentRedirect } from '../../practices/index.ts';
import { type TQueueState, useWorkQueues } from '../hooks/use-work-queues.ts';
import { OfflineCopyControl } from './offline-copy-control.tsx';

/** /Dashboard — the user's work queues, one per role they hold, live. */
export function DashboardPage() {
  const user = useCurrentUser();
  const today = portalToday();
  const queues = useWorkQueues(user, today);
  const payment = usePaymentRedirect();
  const noPractice = user.practices.length === 0;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${user.firstName}. Here is the work waiting for you.`}
        actions={
          user.flags.newUser ? null : (
            <Button component={Link} to={PRACTICE_LIST_PATH} variant="default">
              All practices
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {queues.map((state) => (
          <QueueSection
            key={state.key}
            state={state}
            emptyText={
              state.key === 'practiceManager' && noPractice
                ? 'You are not linked to a practice yet. When a practice invites you, it appears here.'
                : EMPTY_QUEUE_TEXT
            }
            payingPractice={payment.pending}
            onPay={(practiceId) => void payment.redirect(practiceId)}
          />
        ))}
      </Stack>
    </>
  );
}

function QueueSection({
  state,
  emptyText,
  payingPractice,
  onPay,
}: {
  state: TQueueState;
  emptyText: string;
  payingPractice: number | null;
  onPay(practiceId: number): void;
}) {
  const { title, description } = WORK_QUEUES[state.key];
  const headingId = `queue-${state.key}-title`;
  const queue = state.queue;
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={0}
      aria-labelledby={headingId}
      data-testid={`queue-${state.key}`}
    >
      <Group justify="space-between" px="lg" py="md" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz={17} id={headingId}>
            {title}{' '}
            {queue ? (
              <Badge
                component="span"
                variant={queue.count > 0 ? 'filled' : 'outline'}
                color={queue.count > 0 ? 'blue.8' : 'gray.7'}
                radius="xl"
                ml={4}
                style={{ verticalAlign: 'middle' }}
                data-testid={`queue-count-${state.key}`}
              >
                {queue.count.toLocaleString('en-AU')}
                <VisuallyHidden> waiting</VisuallyHidden>
              </Badge>
            ) : null}
          </Title>
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
      {state.error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          mx="lg"
          mb="lg"
          title="This queue could not be loaded"
        >
          Please reload the page to try again.
        </Alert>
      ) : !queue ? (
        <Stack gap="xs" px="lg" pb="lg" data-testid={`queue-loading-${state.key}`}>
          <Skeleton h={44} radius="md" />
          <Skeleton h={44} radius="md" />
        </Stack>
      ) : queue.items.length === 0 ? (
        <Text c="dimmed" fz="sm" px="lg" pb="lg" data-testid={`queue-empty-${state.key}`}>
          {emptyText}
        </Text>
      ) : (
        <>
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
            {queue.items.map((item) => (
              <QueueItem
                key={item.key}
                item={item}
                paying={payingPractice !== null && payingPractice === item.practiceId}
                onPay={onPay}
              />
            ))}
          </Stack>
          <MoreNote queue={queue} />
        </>
      )}
    </Paper>
  );
}

/** The back office's lists show their first items; the count says how many there are. */
function MoreNote({ queue }: { queue: TWorkQueue }) {
  if (queue.count <= queue.items.length) return null;
  return (
    <Text fz="sm" c="dimmed" px="lg" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      Showing the first {BACK_OFFICE_QUEUE_LIMIT} of each kind: {queue.items.length.toLocaleString('en-AU')}{' '}
      of {queue.count.toLocaleString('en-AU')}.
    </Text>
  );
}

/** An item; an upcoming visit's also offers to keep its assessment on the device. */
function QueueItem(props: { item: TQueueItem; paying: boolean; onPay(practiceId: number): void }) {
  const id = useId();
  const nameId = `${id}-practice`;
  const assessmentId = props.item.offlineAssessmentId;
  if (assessmentId === undefined) return <QueueItemRow {...props} nameId={nameId} />;
  return (
    <OfflineCopyControl assessmentId={assessmentId} statusId={`${id}-offline`} describedBy={nameId}>
      {({ status, button }) => <QueueItemRow {...props} nameId={nameId} note={status} extra={button} />}
    </OfflineCopyControl>
  );
}

function QueueItemRow({
  item,
  paying,
  onPay,
  nameId,
  note,
  extra,
}: {
  item: TQueueItem;
  paying: boolean;
  onPay(practiceId: number): void;
  /** The id of the practice's name (what other controls of the item are described by). */
  nameId: string;
  /** A line under the practice's name. */
  note?: ReactNode;
  /** Another control before the item's action. */
  extra?: ReactNode;
}) {
  const practiceId = item.practiceId;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="md"
      px="lg"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={`due-${item.key}`}
    >
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="wrap">
          <Badge color={item.tone} variant="light" radius="sm" tt="none">
            {item.what}
          </Badge>
          {item.detail ? (
            <Text fz="sm" c="dimmed">
              {item.detail}
              {item.when ? ' ·' : ''}
            </Text>
          ) : null}
          {item.when ? (
            <Text fz="sm" c={item.daysLeft !== null && item.daysLeft < 0 ? 'red.8' : 'dimmed'}>
              {item.when}
            </Text>
          ) : null}
        </Group>
        {practiceId !== null ? (
          <Anchor
            id={nameId}
            component={Link}
            to={practiceStaffPath(practiceId)}
            fz="sm"
            fw={600}
            c="var(--mantine-color-text)"
            truncate
          >
            {item.practiceName}
          </Anchor>
        ) : (
          <Text id={nameId} fz="sm" fw={600} truncate>
            {item.practiceName}
          </Text>
        )}
        {note}
      </Stack>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {extra}
        {'payment' in item.action ? (
          <Button
            size="xs"
            variant="light"
            color="yellow"
            loading={paying}
            onClick={() => practiceId !== null && onPay(practiceId)}
            style={{ flexShrink: 0 }}
          >
            {item.action.label}
          </Button>
        ) : (
          <Button size="xs" variant="light" component={Link} to={item.action.to} style={{ flexShrink: 0 }}>
            {item.action.label}
          </Button>
        )}
      </Group>
    </Group>
  );
}
