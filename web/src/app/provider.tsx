import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ScreenGuard } from '../components/screen-guard.tsx';
import { type PortalServices, ServicesProvider } from '../lib/services.tsx';
import { theme } from './theme.ts';

/**
 * Text colours that reach WCAG's 4.5:1 for small text (axe checks every journey, e2e/). Mantine's
 * defaults fall short with our primary shade (8): dimmed text (gray.6, 3.3:1 on white) and the
 * placeholder (gray.5) are darker here (#5f666d keeps 4.9:1 on gray.0 to gray.2, #6c757d 4.7:1 on
 * white); teal's filled and outline shade (teal.8, 3.9:1 under white text) is teal.9, and its
 * light background teal.0 (teal.9 text on teal.1 is 4.3:1); red's outline is red.9 (red.8 is
 * 4.3:1 on gray.0); yellow's light text is a dark amber (yellow.9 on yellow.1 is 2.7:1, ours 5.1:1).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-outline': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-yellow-light-color': '#8f5b00',
  },
  dark: {},
});

/** Everything outside the router: theme, toasts, the browser and screen checks, the services. */
export function AppProvider({ services, children }: { services: PortalServices; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <ScreenGuard>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </ScreenGuard>
    </MantineProvider>
  );
}
