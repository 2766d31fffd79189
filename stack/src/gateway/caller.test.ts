import type http from 'node:http';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { callerOf } from './caller.ts';

const KEY = 'caller-test-key-caller-test-key-caller';
const SECRET = JSON.stringify({ type: 'HS256', key: KEY });

function token(userId: string, expiresAt: number): Promise<string> {
  return new SignJWT({
    'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-user-id': userId },
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(KEY));
}

const request = (bearer: string) =>
  ({
    headers: { authorization: `Bearer ${bearer}` },
    socket: { remoteAddress: '10.1.2.3' },
  }) as unknown as http.IncomingMessage;

describe("the gateway's callers", () => {
  it('knows a verified token by its user every time, and an expired or forged one by its address every time', async () => {
    const caller = callerOf(SECRET);
    const now = Math.floor(Date.now() / 1000);
    const good = await token('7', now + 600);
    for (const _ of [1, 2]) expect((await caller(request(good))).key).toBe('user:7');
    const expired = await token('7', now - 1);
    for (const _ of [1, 2]) expect((await caller(request(expired))).key).toBe('address:10.1.2.3');
    // The remembered token's header and signature with another user's payload.
    const [header, payload, signature] = good.split('.');
    const other = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    other['https://hasura.io/jwt/claims']['x-hasura-user-id'] = '8';
    const forged = `${header}.${Buffer.from(JSON.stringify(other)).toString('base64url')}.${signature}`;
    for (const _ of [1, 2]) expect((await caller(request(forged))).key).toBe('address:10.1.2.3');
  });
});
