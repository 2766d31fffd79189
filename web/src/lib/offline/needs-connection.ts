import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS } from '@portal/domain';
import { useCallback } from 'react';
import { type NetworkStatusStore, networkStatus, useNetworkStatus } from './network-status.ts';

/**
 * What needs the network (docs/decisions/offline.md, "What needs the network says so"), as the
 * sentence begins.
 */
export type TNeedsConnection = 'Signing the agreement' | 'Submitting' | 'Uploading files' | 'Downloading';

/** The words of the offline UI contract. */
export function needsConnectionMessage(what: TNeedsConnection): string {
  return `${what} needs a connection. Try again when you are back online.`;
}

const notificationId = (what: TNeedsConnection) =>
  `needs-connection-${what.toLowerCase().replace(/\s+/g, '-')}`;

/**
 * Says that `what` needs a connection: one alert (a toast, role="alert") per kind, for as long as
 * an error toast lasts, gone at once when the connection is back.
 */
export function sayNeedsConnection(what: TNeedsConnection, store: NetworkStatusStore = networkStatus): void {
  const id = notificationId(what);
  notifications.show({
    id,
    color: 'yellow',
    message: needsConnectionMessage(what),
    autoClose: TOAST_ERROR_MS,
  });
  const stop = store.subscribe(() => {
    if (!store.get().online) return;
    notifications.hide(id);
    stop();
  });
}

/**
 * THE rule for a control that needs the network: online, it goes ahead (true); offline, it does
 * nothing but say so (false). Every such control asks it, directly or through `useNeedsConnection`.
 */
export function requireConnection(
  what: TNeedsConnection,
  store: NetworkStatusStore = networkStatus,
): boolean {
  if (store.get().online) return true;
  sayNeedsConnection(what, store);
  return false;
}

/**
 * A control that needs the network: `guard(action)` runs the action online and, offline, only
 * says "<what> needs a connection…". The control is not disabled, nor `aria-disabled`: it stays
 * focusable and pressable, and pressing it does something (it says why), so it is not disabled.
 */
export function useNeedsConnection(what: TNeedsConnection, store: NetworkStatusStore = networkStatus) {
  const { online } = useNetworkStatus(store);
  const guard = useCallback(
    <A extends unknown[]>(action: (...args: A) => unknown) =>
      (...args: A): void => {
        if (requireConnection(what, store)) void action(...args);
      },
    [what, store],
  );
  return { offline: !online, guard };
}
