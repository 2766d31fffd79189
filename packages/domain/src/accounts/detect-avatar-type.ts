/** Largest avatar image accepted, in bytes (2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** What the avatar upload answers when the image is refused (the server and the form say the same). */
export const AVATAR_MESSAGES = {
  tooLarge: `The file was too large (at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB).`,
  unsupportedType: 'Only JPEG, PNG or GIF images can be used.',
} as const;

export type TAvatarType = 'image/jpeg' | 'image/png' | 'image/gif';

/** File-name extension per accepted avatar type. */
export const AVATAR_EXTENSIONS: Record<TAvatarType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

/** The file chooser's `accept` attribute of the avatar form: the accepted types. */
export const AVATAR_ACCEPT_ATTRIBUTE = Object.keys(AVATAR_EXTENSIONS).join(',');

/**
 * The image type from the file's first bytes (its signature), or null when it is not a JPEG,
 * PNG or GIF. The claimed content type is not trusted.
 */
export function detectAvatarType(bytes: Uint8Array): TAvatarType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  return null;
}

/**
 * Whether an image may be an avatar: at most AVATAR_MAX_BYTES, then a JPEG, PNG or GIF by its first
 * bytes (`head`: 16 are enough). The form asks it before uploading; the server asks it again of
 * the bytes it received.
 */
export function checkAvatar(
  size: number,
  head: Uint8Array,
):
  | { ok: true; type: TAvatarType }
  | { ok: false; reason: 'too_large' | 'unsupported_type'; message: string } {
  if (size > AVATAR_MAX_BYTES) return { ok: false, reason: 'too_large', message: AVATAR_MESSAGES.tooLarge };
  const type = detectAvatarType(head);
  if (!type) return { ok: false, reason: 'unsupported_type', message: AVATAR_MESSAGES.unsupportedType };
  return { ok: true, type };
}
