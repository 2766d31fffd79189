import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useState } from 'react';
import { type AppUpdateStore, appUpdate, useAppUpdateReady } from '../lib/offline/app-update.ts';

/** The words of the offline UI contract (docs/decisions/offline.md). */
export const APP_UPDATE_READY = 'A new version of the portal is ready.';

/**
 * Says that a new version of the app waits (its service worker installed in the background), with
 * Reload. The app never reloads by itself: an edit may be on its way. 'Not now' hides it until the
 * next page load.
 */
export function AppUpdatePrompt({ store = appUpdate }: { store?: AppUpdateStore }) {
  const ready = useAppUpdateReady(store);
  const [hidden, setHidden] = useState(false);
  if (!ready || hidden) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={400}>
      <Notification
        role="status"
        color="brand"
        withBorder
        maw="calc(100vw - 32px)"
        w={440}
        onClose={() => setHidden(true)}
        closeButtonProps={{ 'aria-label': 'Not now' }}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fz="sm" c="var(--mantine-color-text)">
            {APP_UPDATE_READY}
          </Text>
          <Button size="compact-sm" onClick={() => store.reload()}>
            Reload
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
