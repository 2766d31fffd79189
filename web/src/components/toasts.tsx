import { Notifications } from '@mantine/notifications';

/** The container of the app's toasts (`lib/notify.ts`), top right; `app/provider.tsx` loads it as a chunk of its own. */
export function Toasts() {
  return <Notifications position="top-right" />;
}
