import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './app-layout.module.css';
import { HEADER_HEIGHT } from './header-height.ts';

/** Width of the navigation over the page on tablets, as beside it on desktops. */
export const NAV_WIDTH = 248;

/**
 * The navigation laid over the page below the desktop breakpoint: a modal drawer under the
 * header (which stays usable, its burger showing the state), with a scrim over the page. Focus
 * moves into it on open and stays there (Tab); Escape and a click on the scrim close it.
 */
export function NavOverlay({
  id,
  opened,
  onClose,
  children,
}: {
  id: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      size={NAV_WIDTH}
      // Under the header (AppShell's z-index is 100) so the burger stays in sight and in reach.
      zIndex={90}
      // The layout puts focus back on the burger itself (not on a header link clicked meanwhile).
      returnFocus={false}
      transitionProps={{ duration: 150 }}
      classNames={{ content: classes.overlayNav }}
      // Full height, its top hidden under the header: the links start just below it.
      styles={{ content: { paddingTop: HEADER_HEIGHT } }}
    >
      <Drawer.Overlay backgroundOpacity={0.35} />
      <Drawer.Content id={id} aria-label="Navigation" shadow="md">
        <div className={classes.overlayNavBody}>{children}</div>
      </Drawer.Content>
    </Drawer.Root>
  );
}
