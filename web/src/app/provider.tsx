import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { AppUpdatePrompt } from '../components/app-update-prompt.tsx';
import { ScreenGuard } from '../components/screen-guard.tsx';
import { type PortalServices, ServicesProvider } from '../lib/services.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Everything outside the router: theme, toasts, the app update prompt, the browser and screen
 * checks, the services.
 */
export function AppProvider({ services, children }: { services: PortalServices; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <AppUpdatePrompt />
      <ScreenGuard>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </ScreenGuard>
    </MantineProvider>
  );
}
