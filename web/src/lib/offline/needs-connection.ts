import { notifications } from '@mantine/notifications';
import { TOAST_WARNING_MS } from '@portal/domain';
import { useCallback } from 'react';
import { type NetworkStatusStore, networkStatus, useNetworkStatus } from './network-status.ts';

/** What needs the network (issue 19: "What needs the network says so"), as the sentence begins. */
export type TNeedsConnection = 'Signing the agreement' | 'Submitting' | 'Uploading files' | 'Downloading';

/** The words of the offline UI contract. */
export function needsConnectionMessage(what: TNeedsConnection): string {
  return `${what} needs a connection. Try again when you are back online.`;
}

const notificationId = (what: TNeedsConnection) =>
  `needs-connection-${what.toLowerCase().replace(/\s+/g, '-')}`;
const shown = new Set<TNeedsConnection>();

/** Says that `what` needs a connection: one alert (role="alert") per kind, gone once back online. */
export function sayNeedsConnection(what: TNeedsConnection): void {
  shown.add(what);
  notifications.show({
    id: notificationId(what),
    color: 'yellow',
    message: needsConnectionMessage(what),
    autoClose: TOAST_WARNING_MS,
    onClose: () => shown.delete(what),
  });
}

if (typeof window !== 'undefined') {
  networkStatus.subscribe(() => {
    if (!networkStatus.get().online) return;
    for (const what of shown) notifications.hide(notificationId(what));
    shown.clear();
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
  sayNeedsConnection(what);
  return false;
}

/**
 * A control that needs the network: `guard(action)` runs the action online and, offline, only
 * says "<what> needs a connection…"; `controlProps` mark the control `aria-disabled` while offline
 * (it stays focusable and pressable, so the user hears why).
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
  return {
    offline: !online,
    guard,
    controlProps: online ? {} : ({ 'aria-disabled': true } as const),
  };
}
