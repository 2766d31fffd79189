import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { formatAuditDateTime, NOTIFICATION_LIST_SIZE, notificationBellLabel } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import { GetNotificationsQuery } from '../api/get-notifications.ts';
import { MarkAllNotificationsReadMutation } from '../api/mark-all-notifications-read.ts';
import { MarkNotificationReadMutation } from '../api/mark-notification-read.ts';
import { UnreadNotificationsSubscription } from '../api/subscribe-unread-notifications.ts';
import classes from './notification-bell.module.css';

const BellIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M12 3a6 6 0 0 0-6 6v3.6l-1.6 2.7A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinejoin="round"
    />
  </svg>
);

const LIST_ID = 'notification-centre';

type TNotification = ResultOf<typeof GetNotificationsQuery>['notifications'][number];

/** The latest notifications, newest first, each a button that opens it; or why there are none. */
function NotificationList({
  list,
  onOpen,
}: {
  list: { data?: ResultOf<typeof GetNotificationsQuery>; error?: unknown; fetching: boolean };
  onOpen: (item: TNotification) => void;
}) {
  const items = list.data?.notifications ?? [];
  if (items.length === 0)
    return (
      <Text px="md" py="md" fz="sm" c="dimmed" role="status">
        {list.error
          ? 'The notifications could not be loaded. Try again later.'
          : list.fetching || !list.data
            ? 'Loading notifications…'
            : 'No notifications yet. Offers, reviews and certificates that need you appear here.'}
      </Text>
    );
  return (
    <Box component="ul" className={classes.list}>
      {items.map((item) => (
        <li key={item.id}>
          <UnstyledButton
            onClick={() => onOpen(item)}
            className={classes.item}
            data-unread={item.read_at ? undefined : true}
          >
            <span className={classes.dot} aria-hidden="true" />
            <span>
              <Text component="span" display="block" fz="sm" fw={item.read_at ? 400 : 700}>
                {item.read_at ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                {item.title}
              </Text>
              <Text component="span" display="block" fz="xs" c="dimmed">
                {formatAuditDateTime(String(item.created_at))}
              </Text>
            </span>
          </UnstyledButton>
        </li>
      ))}
    </Box>
  );
}

/**
 * The notification centre in the header (docs/decisions/notifications.md): a bell with the
 * number of unread notifications, live; it opens the latest, newest first, each opening its screen
 * and marked read as it does; 'Mark all as read'. Only the user's own are ever read. The count's
 * subscription lives while the user is signed in and online (the client's subscription exchange):
 * nothing here pauses or ends it.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const [live] = useSubscription({ query: UnreadNotificationsSubscription });
  const unread = live.data?.notifications_aggregate.aggregate?.count ?? 0;
  const [list, refetch] = useQuery({
    query: GetNotificationsQuery,
    variables: { limit: NOTIFICATION_LIST_SIZE },
    requestPolicy: 'network-only',
    pause: !opened,
  });
  // A new one while the list is open: the list follows the count.
  useEffect(() => {
    void unread;
    if (opened) refetch({ requestPolicy: 'network-only' });
  }, [unread, opened, refetch]);
  const [, markRead] = useMutation(MarkNotificationReadMutation);
  const [markingAll, markAll] = useMutation(MarkAllNotificationsReadMutation);
  const open = async (item: TNotification) => {
    setOpened(false);
    if (!item.read_at) await markRead({ id: item.id });
    navigate(item.link);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      withinPortal
      withRoles={false}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          // No count before the first answer: 'none unread' would be read out when it is not known.
          aria-label={live.data ? notificationBellLabel(unread) : 'Notifications'}
          aria-expanded={opened}
          aria-haspopup="dialog"
          aria-controls={opened ? LIST_ID : undefined}
          onClick={() => setOpened((was) => !was)}
        >
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={18}
            disabled={unread === 0}
            color="red.8"
            offset={3}
            classNames={{ indicator: classes.count }}
          >
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      {/* Focusable itself: the focus trap lands on the dialog (its name read out) while the list loads. */}
      <Popover.Dropdown
        p={0}
        id={LIST_ID}
        role="dialog"
        aria-labelledby={`${LIST_ID}-title`}
        tabIndex={-1}
        ref={dialog}
        className={classes.dropdown}
      >
        <Group justify="space-between" px="md" py="sm" wrap="nowrap" className={classes.head}>
          <Text component="h2" id={`${LIST_ID}-title`} fw={700} fz="md" m={0}>
            Notifications
          </Text>
          {unread > 0 ? (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={markingAll.fetching}
              onClick={async () => {
                await markAll({});
                // The button goes with the unread: focus stays in the dialog, not lost to the page.
                dialog.current?.focus();
                refetch({ requestPolicy: 'network-only' });
              }}
            >
              Mark all as read
            </Button>
          ) : null}
        </Group>
        <NotificationList list={list} onOpen={(item) => void open(item)} />
      </Popover.Dropdown>
    </Popover>
  );
}
