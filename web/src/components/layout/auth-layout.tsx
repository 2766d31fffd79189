import { Box, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../brand/logo.tsx';
import classes from './auth-layout.module.css';
import { SiteFooter } from './site-footer.tsx';

const Tick = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
    <path
      d="m2.5 6.2 2.3 2.3 4.7-4.8"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </svg>
);

/** The frame of the signed-out pages: a brand panel beside a card holding the form. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={classes.page}>
      <aside className={classes.brand}>
        <Logo inverted size={40} />
        <Stack gap="lg" maw={380}>
          <Title order={2} c="white" fw={650} lh={1.25}>
            Accreditation for your practice, in one place.
          </Title>
          <List
            spacing="sm"
            c="brand.0"
            icon={
              <ThemeIcon size={20} radius="xl" color="brand.4" variant="filled">
                <Tick />
              </ThemeIcon>
            }
          >
            <List.Item>Keep your staff register and documents up to date</List.Item>
            <List.Item>Complete your self assessment against the standards</List.Item>
            <List.Item>Plan survey visits and follow every step of your cycle</List.Item>
          </List>
        </Stack>
        <Text fz="xs" c="brand.2">
          Best viewed in Google Chrome on a desktop or tablet.
        </Text>
      </aside>
      <main className={classes.main}>
        <Box className={classes.center}>
          <Paper className={classes.card} withBorder shadow="sm" radius="lg" p={40}>
            <Stack gap={4} mb="xl">
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" fz="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
        </Box>
        <SiteFooter compact />
      </main>
    </div>
  );
}
