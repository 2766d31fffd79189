import { MantineProvider } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { AppUpdatePrompt } from '../components/app-update-prompt.tsx';
import { ScreenGuard } from '../components/screen-guard.tsx';
import { type PortalServices, ServicesProvider } from '../lib/services.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The toasts' container (its transitions, swipe to dismiss and the scroll lock's class names, some
 * 8 kB gzipped) is a chunk of its own, fetched as the app starts rather than with the first load
 * (docs/decisions/web-app.md, "The first load"). A toast shown before it has arrived waits in
 * Mantine's store (`notifications.show` needs no container) and shows as it mounts. Were the
 * chunk not to load at all, the app would run on without toasts rather than fail.
 */
const Toasts = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await import('../components/toasts.tsx')).Toasts };
  } catch {
    return { default: () => null };
  }
});

/**
 * Everything outside the router: theme, toasts, the app update prompt, the browser and screen
 * checks, the services.
 */
export function AppProvider({ services, children }: { services: PortalServices; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <AppUpdatePrompt />
      <ScreenGuard>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </ScreenGuard>
    </MantineProvider>
  );
}
