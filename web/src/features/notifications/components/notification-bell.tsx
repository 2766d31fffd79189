import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { formatAuditDateTime, NOTIFICATION_LIST_SIZE, notificationBellLabel } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import { useNetworkStatus } from '../../../lib/offline/network-status.ts';
import { GetNotificationsQuery } from '../api/get-notifications.ts';
import { MarkAllNotificationsReadMutation } from '../api/mark-all-notifications-read.ts';
import { MarkNotificationReadMutation } from '../api/mark-notification-read.ts';
import { UnreadNotificationsSubscription } from '../api/subscribe-unread-notifications.ts';

const BellIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M12 3a6 6 0 0 0-6 6v3.6l-1.6 2.7A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The notification centre in the header (docs/decisions/notifications.md): a bell with the
 * number of unread notifications, live; it opens the latest, newest first, each opening its screen
 * and marked read as it does; 'Mark all as read'. Only the user's own are ever read.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // Live only while online, as the screens' subscriptions: going back online subscribes afresh.
  const { online } = useNetworkStatus();
  const [live] = useSubscription({ query: UnreadNotificationsSubscription, pause: !online });
  const unread = live.data?.notifications_aggregate.aggregate?.count ?? 0;
  const [list, refetch] = useQuery({
    query: GetNotificationsQuery,
    variables: { limit: NOTIFICATION_LIST_SIZE },
    requestPolicy: 'network-only',
    pause: !opened,
  });
  // A new one while the list is open: the list follows the badge.
  useEffect(() => {
    void unread;
    if (opened) refetch({ requestPolicy: 'network-only' });
  }, [unread, opened, refetch]);
  const [, markRead] = useMutation(MarkNotificationReadMutation);
  const [markingAll, markAll] = useMutation(MarkAllNotificationsReadMutation);
  const items = list.data?.notifications ?? [];

  const open = async (item: (typeof items)[number]) => {
    setOpened(false);
    if (!item.read_at) await markRead({ id: item.id });
    navigate(item.link);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      withRoles={false}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={notificationBellLabel(unread)}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((was) => !was)}
        >
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            disabled={unread === 0}
            color="red"
            offset={2}
          >
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text component="h2" fw={700} fz="md" m={0}>
            Notifications
          </Text>
          {unread > 0 ? (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={markingAll.fetching}
              onClick={async () => {
                await markAll({});
                refetch({ requestPolicy: 'network-only' });
              }}
            >
              Mark all as read
            </Button>
          ) : null}
        </Group>
        {items.length === 0 ? (
          <Text px="md" pb="md" fz="sm" c="dimmed">
            {list.fetching ? 'Loading…' : 'No notifications yet.'}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none', maxHeight: 420, overflowY: 'auto' }}
          >
            {items.map((item) => (
              <li key={item.id}>
                <UnstyledButton
                  onClick={() => void open(item)}
                  w="100%"
                  px="md"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Text fz="sm" fw={item.read_at ? 400 : 700}>
                    {item.read_at ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                    {item.title}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatAuditDateTime(String(item.created_at))}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
