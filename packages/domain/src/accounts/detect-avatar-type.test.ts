import { describe, expect, it } from 'vitest';
import {
  AVATAR_ACCEPT_ATTRIBUTE,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  checkAvatar,
  detectAvatarType,
} from './detect-avatar-type.ts';

describe('detectAvatarType', () => {
  it('recognises JPEG, PNG and GIF by their signatures', () => {
    expect(detectAvatarType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectAvatarType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(detectAvatarType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(detectAvatarType(new TextEncoder().encode('GIF87a...'))).toBe('image/gif');
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(detectAvatarType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(detectAvatarType(new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(detectAvatarType(new Uint8Array())).toBeNull();
  });
});

describe('checkAvatar', () => {
  const gif = new TextEncoder().encode('GIF89a...');

  it('takes an image of an accepted type up to the limit, then refuses by size before type', () => {
    expect(checkAvatar(AVATAR_MAX_BYTES, gif)).toEqual({ ok: true, type: 'image/gif' });
    expect(checkAvatar(AVATAR_MAX_BYTES + 1, gif)).toEqual({
      ok: false,
      reason: 'too_large',
      message: AVATAR_MESSAGES.tooLarge,
    });
    expect(checkAvatar(10, new TextEncoder().encode('%PDF-1.7'))).toEqual({
      ok: false,
      reason: 'unsupported_type',
      message: AVATAR_MESSAGES.unsupportedType,
    });
  });

  it('lets the file chooser offer the same three types', () => {
    expect(AVATAR_ACCEPT_ATTRIBUTE.split(',').sort()).toEqual(['image/gif', 'image/jpeg', 'image/png']);
  });
});
