import { describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES, passkeyErrorMessage, ZPasskeyNameSchema } from './passkeys.ts';

describe('passkeys (decisions/accounts-and-sessions.md "Passkeys")', () => {
  it('names a passkey in 1 to 60 characters, trimmed', () => {
    expect(ZPasskeyNameSchema.parse('  YubiKey 5C ')).toBe('YubiKey 5C');
    expect(ZPasskeyNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(PASSKEY_MESSAGES.nameRequired);
    expect(ZPasskeyNameSchema.safeParse('x'.repeat(61)).error?.issues[0]?.message).toBe(
      PASSKEY_MESSAGES.nameTooLong,
    );
  });

  it("says what the browser's refusal means: cancelled, already registered, not possible here", () => {
    expect(passkeyErrorMessage('NotAllowedError', 'x')).toBe(PASSKEY_MESSAGES.cancelled);
    expect(passkeyErrorMessage('InvalidStateError', 'x')).toBe(PASSKEY_MESSAGES.alreadyRegistered);
    expect(passkeyErrorMessage('SecurityError', 'x')).toBe(PASSKEY_MESSAGES.unsupported);
    expect(passkeyErrorMessage('TypeError', 'fallback')).toBe('fallback');
  });
});
