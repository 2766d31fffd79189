import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  ADD_PRACTICE_PATH,
  accountSettingsPath,
  CHANGE_PASSWORD_PATH,
  loginPath,
  SURVEY_OFFERS_PATH,
} from '@portal/domain';
import { Link, useNavigate } from 'react-router';
import { env } from '../../config/env.ts';
import { useAuth, useCurrentUser } from '../../lib/auth/auth-provider.tsx';
import { UserAvatar } from '../user-avatar.tsx';

import classes from './app-layout.module.css';

/** A page of the backend (the admin area), which opens in a new tab. */
export function backendUrl(path: string): string {
  return `${env.VITE_BACKEND_URL.replace(/\/$/, '')}${path}`;
}

const Chevron = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
    <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
  </svg>
);

/** The user's name and avatar, with the account menu of spec 000 §2. */
export function UserMenu() {
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const role = user.flags.admin
    ? 'Administrator'
    : user.flags.qam
      ? 'QAM'
      : user.flags.surveyor
        ? 'Surveyor'
        : null;

  const onSignOut = async () => {
    await signOut();
    navigate(loginPath(), { replace: true });
  };

  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal>
      <Menu.Target>
        {/*
          Named by what it shows (the name and the role) after a prefix only screen readers hear,
          so the name holds the visible words (WCAG 2.5.3, axe label-content-name-mismatch) and
          speech input finds it by the user's name. The avatar repeats the name: decoration here.
        */}
        <UnstyledButton className={classes.userButton}>
          <Group gap={10} wrap="nowrap">
            <UserAvatar name={user.name} src={user.avatarUrl} size={34} radius="xl" decorative />
            <div className={classes.userText}>
              <VisuallyHidden>Account menu for </VisuallyHidden>
              <Text fz="sm" fw={600} lh={1.2} truncate>
                {user.name}
              </Text>
              {role ? (
                <>
                  {' '}
                  <Text fz={11} c="dimmed" lh={1.2}>
                    {role}
                  </Text>
                </>
              ) : null}
            </div>
            <Chevron />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {user.flags.singlePractice ? (
          <Menu.Item component={Link} to={ADD_PRACTICE_PATH}>
            Add practice
          </Menu.Item>
        ) : null}
        {user.flags.surveyor ? (
          <Menu.Item component={Link} to={SURVEY_OFFERS_PATH}>
            Survey Offers
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to={accountSettingsPath(user.id)}>
          Account Settings
        </Menu.Item>
        <Menu.Item component={Link} to={CHANGE_PASSWORD_PATH}>
          Change Password
        </Menu.Item>
        <Menu.Divider />
        {/* red.9: 5.5:1 on white (Mantine's red for an item is red.6, 3.3:1). */}
        <Menu.Item color="red.9" onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
