import { Avatar, type AvatarProps } from '@mantine/core';
import { useState } from 'react';

/** Shown when a user has neither a working image nor a name to take initials from. */
export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/** Up to two initials from a display name ('' when it has none, e.g. an e-mail address). */
export function initialsOf(name: string): string {
  if (name.includes('@')) return '';
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('');
}

/**
 * A user's avatar (spec 002 §2): their image; if there is none or it fails to load, their
 * initials; without initials, the default image. `decorative` (default false) hides it from
 * screen readers where the name is written beside it (the header's account menu): a second
 * "Priya Mehta" inside a control named after her would only repeat it.
 */
export function UserAvatar({
  name,
  src,
  decorative = false,
  ...props
}: { name: string; src: string | null; decorative?: boolean } & AvatarProps) {
  // Remembers which image failed, so a new image gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  const initials = initialsOf(name);
  const label = decorative ? '' : name;
  const hidden = decorative ? { 'aria-hidden': true } : {};
  if (src && !failed)
    return (
      <Avatar {...props} {...hidden} data-avatar="image" alt={label}>
        <img
          src={src}
          alt={label}
          onError={() => setFailedSrc(src)}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Avatar>
    );
  if (initials)
    return (
      <Avatar
        {...props}
        {...(decorative ? hidden : { role: 'img', 'aria-label': name })}
        data-avatar="initials"
        color="brand"
        variant="filled"
      >
        {initials}
      </Avatar>
    );
  return <Avatar {...props} {...hidden} data-avatar="default" src={DEFAULT_AVATAR_URL} alt={label} />;
}
