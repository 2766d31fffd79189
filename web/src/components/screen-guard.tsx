import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { MIN_SCREEN_WIDTH_PX } from '@portal/domain';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LogoMark } from './brand/logo.tsx';

export const SMALL_SCREEN_MESSAGE = 'Your browser or device is too small';
export const UNSUPPORTED_BROWSER_MESSAGE =
  'Connect is not compatible with Safari & Internet Explorer. Connect works best in the Chrome browser. Please install Chrome & view Connect.';

/**
 * Safari (desktop and iOS) and Internet Explorer, by user agent. Every Chromium and Firefox
 * browser names itself besides "Safari", so only real Safari matches. (IE cannot run this
 * bundle at all; index.html shows it the same message from a nomodule script.)
 */
export function isUnsupportedBrowser(userAgent: string): boolean {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  return (
    /Safari\//.test(userAgent) &&
    !/(Chrome|Chromium|CriOS|FxiOS|Firefox|EdgiOS|EdgA|Edg|OPR|SamsungBrowser|Android)\//.test(userAgent)
  );
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/**
 * The page instead of the app: its main landmark, the message its heading (axe's
 * landmark-one-main and page-has-heading-one: a screen reader finds it as it finds any page's).
 */
function Notice({ children, hint }: { children: ReactNode; hint: string }) {
  return (
    <Center component="main" mih="100vh" p="lg" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={460} shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <LogoMark size={44} />
          <div role="alert">
            <Title order={1} fz="lg" fw={600}>
              {children}
            </Title>
          </div>
          <Text fz="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * While the window is narrower than 768 px the message lies over the app, which stays mounted but
 * out of reach (`inert`, hidden from screen readers): a moment's resize, a split screen or a
 * full-page screenshot must not close open dialogs or restore the session again.
 */
function useEverythingElseOutOfReach(keep: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const changed = Array.from(document.body.children).filter(
      (element) =>
        element !== keep.current && !element.hasAttribute('inert') && !element.hasAttribute('aria-hidden'),
    );
    for (const element of changed) {
      element.setAttribute('inert', '');
      element.setAttribute('aria-hidden', 'true');
    }
    return () => {
      for (const element of changed) {
        element.removeAttribute('inert');
        element.removeAttribute('aria-hidden');
      }
    };
  }, [keep]);
}

function SmallScreenOverlay() {
  const overlay = useRef<HTMLDivElement>(null);
  useEverythingElseOutOfReach(overlay);
  return createPortal(
    <div
      ref={overlay}
      data-small-screen=""
      style={{ position: 'fixed', inset: 0, zIndex: 10_000, overflow: 'auto' }}
    >
      <Notice
        hint={`Connect needs a window at least ${MIN_SCREEN_WIDTH_PX} pixels wide: use a tablet or a computer, or widen this window.`}
      >
        {SMALL_SCREEN_MESSAGE}
      </Notice>
    </div>,
    document.body,
  );
}

/**
 * Replaces the whole app with a message on unsupported browsers; on windows under 768 px shows the
 * message over the app, keeping its state.
 */
export function ScreenGuard({
  children,
  userAgent = navigator.userAgent,
}: {
  children: ReactNode;
  userAgent?: string;
}) {
  const width = useWindowWidth();
  if (isUnsupportedBrowser(userAgent))
    return <Notice hint="Chrome is free from google.com/chrome.">{UNSUPPORTED_BROWSER_MESSAGE}</Notice>;
  return (
    <>
      {children}
      {width < MIN_SCREEN_WIDTH_PX && <SmallScreenOverlay />}
    </>
  );
}
