import { MantineProvider } from '@mantine/core';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL, initialsOf, UserAvatar } from './user-avatar.tsx';

const show = (name: string, src: string | null) =>
  render(
    <MantineProvider>
      <UserAvatar name={name} src={src} />
    </MantineProvider>,
  ).container;

describe('UserAvatar', () => {
  it('shows the image, then the initials when the image fails', () => {
    const container = show('Priya Mehta', 'https://files.example/avatar.png');
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('https://files.example/avatar.png');
    fireEvent.error(image);
    expect(container.querySelector('[data-avatar]')?.getAttribute('data-avatar')).toBe('initials');
    expect(container.querySelector('[data-avatar]')?.textContent).toBe('PM');
  });

  it('shows the initials without an image, and the default image without a name', () => {
    expect(show('Priya Mehta', null).querySelector('[data-avatar]')?.textContent).toBe('PM');
    const nameless = show('pm@demo.test', 'https://files.example/broken.png');
    fireEvent.error(nameless.querySelector('img')!);
    expect(nameless.querySelector('[data-avatar]')?.getAttribute('data-avatar')).toBe('default');
    expect(nameless.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_AVATAR_URL);
  });

  it('takes the first and last initials', () => {
    expect(initialsOf('Mary Anne van Dyke')).toBe('MD');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('someone@example.org')).toBe('');
  });
});
