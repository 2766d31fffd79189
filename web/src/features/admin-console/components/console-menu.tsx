import CodeIcon from '@mui/icons-material/Code';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import HomeIcon from '@mui/icons-material/Home';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Divider } from '@mui/material';
import type { ComponentType } from 'react';
import { Menu, useBasename } from 'react-admin';

/**
 * The console's menu: its first screen, GraphiQL, Explain, the scheduled jobs, the editions of the
 * standards with their mappings and the move of practices, then every table. Folded (a narrow
 * window, or closed by the burger) each table keeps its own initials instead of one list icon for
 * all, and each item names itself in a tooltip.
 */
export function ConsoleMenu() {
  // The console lives under VITE_ADMIN_PATH inside the app's router: its own links carry it.
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Tables" leftIcon={<HomeIcon />} />
      <Menu.Item to={`${basename}/graphiql`} primaryText="GraphiQL" leftIcon={<CodeIcon />} />
      <Menu.Item to={`${basename}/explain`} primaryText="Explain" leftIcon={<QueryStatsIcon />} />
      <Menu.Item to={`${basename}/jobs`} primaryText="Scheduled jobs" leftIcon={<ScheduleIcon />} />
      <Menu.Item to={`${basename}/editions`} primaryText="Editions" leftIcon={<LibraryBooksIcon />} />
      <Menu.Item
        to={`${basename}/editions/mappings`}
        primaryText="Mappings"
        leftIcon={<CompareArrowsIcon />}
      />
      <Menu.Item to={`${basename}/editions/moves`} primaryText="Move practices" leftIcon={<MoveUpIcon />} />
      <Divider sx={{ my: 1 }} />
      <Menu.ResourceItems />
    </Menu>
  );
}

const icons = new Map<string, ComponentType>();

/** A table's menu icon: its initials in a small box (decorative; the item's text names it). */
export function initialsIcon(letters: string): ComponentType {
  const known = icons.get(letters);
  if (known) return known;
  const Icon = () => (
    <Box
      component="span"
      aria-hidden
      sx={{
        minWidth: 28,
        px: 0.25,
        height: 22,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 1,
        border: 1,
        borderColor: 'currentColor',
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: 0.2,
        lineHeight: 1,
      }}
    >
      {letters}
    </Box>
  );
  Icon.displayName = `Initials(${letters})`;
  icons.set(letters, Icon);
  return Icon;
}
