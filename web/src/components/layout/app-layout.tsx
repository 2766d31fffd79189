import { AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../lib/auth/auth-provider.tsx';
import { Logo } from '../brand/logo.tsx';
import classes from './app-layout.module.css';
import { FullPageLoader } from './full-page-loader.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { SiteFooter } from './site-footer.tsx';
import { backendUrl, UserMenu } from './user-menu.tsx';

/** The narrowest window in which the navigation drawer starts open. */
export const NAV_OPEN_FROM_PX = 1024;

/** The signed-in frame: header, navigation drawer, the page, footer. */
export function AppLayout() {
  const user = useCurrentUser();
  // Open beside the page on wide screens; on tablets it starts closed so the page gets the width.
  const [navOpen, { toggle }] = useDisclosure(window.innerWidth >= NAV_OPEN_FROM_PX);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 0, collapsed: { mobile: !navOpen, desktop: !navOpen } }}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={toggle}
              size="sm"
              aria-label={navOpen ? 'Hide navigation' : 'Show navigation'}
            />
            <Link to="/Dashboard" className={classes.logoLink} aria-label="Connect home">
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
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" className={classes.navbar}>
        <NavDrawer />
      </AppShell.Navbar>
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
