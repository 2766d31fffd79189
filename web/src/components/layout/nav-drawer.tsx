import { NavLink, Stack, Text } from '@mantine/core';
import {
  ANALYTICS_REPORT_PATH,
  COMPARATIVE_REPORT_PATH,
  canOpenReport,
  canPlanSurveyVisits,
  DASHBOARD_PATH,
  FACTSHEETS_PATH,
  MANAGEMENT_REPORT_PATH,
  PRACTICE_LIST_PATH,
  RESOURCES_PATH,
  reportViewer,
  SURVEY_PLANNING_PATH,
  type TReportName,
  WEBINARS_ROUTE,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/auth/auth-provider.tsx';

const icon = (d: string) => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
const ICONS = {
  dashboard: icon('M4 13h6V4H4zm10 7h6v-9h-6zM4 20h6v-4H4zm10-11h6V4h-6z'),
  practices: icon('M3 21V8l9-5 9 5v13M9 21v-6h6v6M3 21h18'),
  report: icon('M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6'),
  chart: icon('M4 20V10m6 10V4m6 16v-7m4 7H2'),
  book: icon('M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zm0 16a2 2 0 0 1 2-2h13v2'),
  sheet: icon('M7 3h10v18H7zM10 8h4M10 12h4M10 16h2'),
  video: icon('M3 6h12v12H3zM15 10l6-3v10l-6-3'),
  calendar: icon('M4 6h16v14H4zM4 10h16M8 3v4M16 3v4'),
  compare: icon('M6 20V10M12 20V4M18 20v-8M3 20h18M15 7l3-3 3 3'),
};

/**
 * The Reports section (docs/decisions/reports.md), in this order; each shown to whom
 * `canOpenReport` allows.
 */
const REPORT_ITEMS: { report: TReportName; to: string; label: string; icon: keyof typeof ICONS }[] = [
  { report: 'management', to: MANAGEMENT_REPORT_PATH, label: 'Management Report', icon: 'report' },
  { report: 'analytics', to: ANALYTICS_REPORT_PATH, label: 'Analytics Report', icon: 'chart' },
  { report: 'comparative', to: COMPARATIVE_REPORT_PATH, label: 'Comparative Report', icon: 'compare' },
];

function Item({
  to,
  label,
  leftSection,
  within = to,
  onNavigate,
}: {
  to: string;
  label: string;
  leftSection: ReactNode;
  /** The path prefix under which this item is the current one. */
  within?: string;
  onNavigate?: () => void;
}) {
  const active = useLocation().pathname.toLowerCase().startsWith(within.toLowerCase());
  return (
    <NavLink
      component={RouterLink}
      to={to}
      label={label}
      leftSection={leftSection}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      fw={active ? 600 : 500}
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
    />
  );
}

/**
 * The navigation drawer (spec 000 §2); practices, reports and the guidance pages (Resources,
 * Factsheets, Webinars: for practice managers, surveyors and admins) are hidden from new users.
 * `onNavigate` is called when a link is followed (the overlay closes then).
 */
export function NavDrawer({ onNavigate }: { onNavigate?: () => void } = {}) {
  const { flags } = useCurrentUser();
  // The reports this user may open (the pages and the report routes ask the same function).
  const reports = REPORT_ITEMS.filter((item) => canOpenReport(item.report, reportViewer(flags)));
  return (
    <Stack gap={4} component="nav" aria-label="Main navigation">
      <Item to={DASHBOARD_PATH} label="Dashboard" leftSection={ICONS.dashboard} onNavigate={onNavigate} />
      {flags.newUser ? null : (
        <>
          <Item
            to={PRACTICE_LIST_PATH}
            within="/Practice"
            label="Practices"
            leftSection={ICONS.practices}
            onNavigate={onNavigate}
          />
          {canPlanSurveyVisits(flags) ? (
            <Item
              to={SURVEY_PLANNING_PATH}
              label="Survey planning"
              leftSection={ICONS.calendar}
              onNavigate={onNavigate}
            />
          ) : null}
          {reports.length > 0 ? (
            <>
              <Text fz={11} fw={700} c="dimmed" tt="uppercase" lts={0.8} px="sm" pt="lg" pb={4}>
                Reports
              </Text>
              {reports.map((item) => (
                <Item
                  key={item.report}
                  to={item.to}
                  label={item.label}
                  leftSection={ICONS[item.icon]}
                  onNavigate={onNavigate}
                />
              ))}
            </>
          ) : null}
          <Text fz={11} fw={700} c="dimmed" tt="uppercase" lts={0.8} px="sm" pt="lg" pb={4}>
            Guidance
          </Text>
          <Item to={RESOURCES_PATH} label="Resources" leftSection={ICONS.book} onNavigate={onNavigate} />
          <Item to={FACTSHEETS_PATH} label="Factsheets" leftSection={ICONS.sheet} onNavigate={onNavigate} />
          <Item to={WEBINARS_ROUTE} label="Webinars" leftSection={ICONS.video} onNavigate={onNavigate} />
        </>
      )}
    </Stack>
  );
}
