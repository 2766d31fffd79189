import { AppShell, Burger, Button, Group } from '@mantine/core';
import { DASHBOARD_PATH } from '@portal/domain';
import { type PointerEvent, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../lib/auth/auth-provider.tsx';
import { Logo } from '../brand/logo.tsx';
import classes from './app-layout.module.css';
import { FullPageLoader } from './full-page-loader.tsx';
import { HEADER_HEIGHT } from './header-height.ts';
import { HeaderSlotBoundary } from './header-slot-boundary.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { NAV_WIDTH, NavOverlay } from './nav-overlay.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useMinWidth } from './use-min-width.ts';
import { backendUrl, UserMenu } from './user-menu.tsx';

/**
 * The narrowest window in which the navigation sits beside the page (and starts open); below
 * it, it opens over the page.
 */
export const NAV_OPEN_FROM_PX = 1024;
const NAV_ID = 'main-navigation';

/**
 * The signed-in frame: header, navigation drawer, the page, footer. `headerActions` sits before
 * the user menu (the notification bell, which app/ composes in: shared code imports no feature).
 */
export function AppLayout({ headerActions }: { headerActions?: ReactNode }) {
  const user = useCurrentUser();
  const wide = useMinWidth(NAV_OPEN_FROM_PX);
  // Beside the page on desktops: starts open, the page makes room. On tablets: over the page,
  // starts closed, the page keeps its width.
  const [besideOpen, setBesideOpen] = useState(true);
  const [overOpen, setOverOpen] = useState(false);
  const navOpen = wide ? besideOpen : overOpen;
  const burger = useRef<HTMLButtonElement>(null);
  const focusBurgerOnClose = useRef(false);

  const closeOver = (returnFocus: boolean) => {
    focusBurgerOnClose.current = returnFocus;
    setOverOpen(false);
  };
  useEffect(() => {
    if (overOpen || !focusBurgerOnClose.current) return;
    focusBurgerOnClose.current = false;
    burger.current?.focus();
  }, [overOpen]);
  // Grown past the breakpoint with the navigation over the page: it is beside it now.
  useEffect(() => {
    if (wide) setOverOpen(false);
  }, [wide]);

  const toggle = () =>
    wide ? setBesideOpen((open) => !open) : overOpen ? closeOver(true) : setOverOpen(true);
  // The header stays above the scrim: using anything else in it closes the navigation.
  const onHeaderPointerDown = (event: PointerEvent) => {
    if (overOpen && !burger.current?.contains(event.target as Node)) closeOver(false);
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={
        wide
          ? { width: NAV_WIDTH, breakpoint: 0, collapsed: { mobile: !besideOpen, desktop: !besideOpen } }
          : undefined
      }
      padding={0}
    >
      <AppShell.Header className={classes.header} onPointerDown={onHeaderPointerDown}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burger}
              opened={navOpen}
              onClick={toggle}
              size="sm"
              aria-label={navOpen ? 'Hide navigation' : 'Show navigation'}
              aria-expanded={navOpen}
              aria-controls={wide || overOpen ? NAV_ID : undefined}
            />
            {/* The logo's own words, then where it leads: the name starts with the visible text (WCAG 2.5.3). */}
            <Link
              to={DASHBOARD_PATH}
              className={classes.logoLink}
              aria-label="Connect practice accreditation, Dashboard"
            >
              <Logo size={30} />
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap">
            {user.flags.admin ? (
              <Button
                component="a"
                href={backendUrl(env.VITE_ADMIN_PATH)}
                target="_blank"
                rel="noopener"
                variant="light"
                size="xs"
              >
                Admin area
              </Button>
            ) : null}
            <HeaderSlotBoundary>
              <Suspense fallback={null}>{headerActions}</Suspense>
            </HeaderSlotBoundary>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {wide ? (
        // Collapsed, it is only moved out of view: inert keeps its links out of Tab and screen readers.
        <AppShell.Navbar id={NAV_ID} p="sm" className={classes.navbar} inert={!besideOpen}>
          <NavDrawer />
        </AppShell.Navbar>
      ) : (
        <NavOverlay id={NAV_ID} opened={overOpen} onClose={() => closeOver(true)}>
          <NavDrawer onNavigate={() => closeOver(true)} />
        </NavOverlay>
      )}
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <div className={classes.footer}>
          <SiteFooter />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
