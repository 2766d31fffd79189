import { accountSettingsPath, PRODUCT_NAME } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { describeUserAgent, parseUserAgent } from '../../lib/user-agent.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { AccountsDeps } from './deps.ts';
import type { ClientInfo } from './sessions.ts';
import type { UserRow } from './users.ts';

/** A device cookie's value: 32 random bytes, base64url (anything else is no cookie). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A browser without our cookie is known by its family when that family signed in this recently. */
export const DEVICE_FAMILY_DAYS = 90;
export const NEW_DEVICE_SUBJECT = 'New sign-in to your account';
/** Where the e-mail's times are told: the provider's time zone. */
const ZONE = 'Australia/Sydney';

/** The browser and system family of a User-Agent, without versions: "Chrome · Windows · desktop". */
export function agentFamily(userAgent: string | undefined): string {
  const parsed = parseUserAgent(userAgent);
  return [
    parsed.browser.name ?? 'Unknown browser',
    parsed.os.name ?? 'Unknown system',
    parsed.platform.type ?? '',
  ]
    .filter(Boolean)
    .join(' · ')
    .slice(0, 200);
}

/**
 * A sign-in's device (docs/decisions/accounts-and-sessions.md, "New-device e-mail"): the browser's
 * device cookie when it has one (a random id, stored hashed per user), else its browser and
 * system family among those the user signed in with in the last DEVICE_FAMILY_DAYS. A device not
 * seen before for this user is recorded and, unless the user has no device recorded at all (a new
 * account's first sign-in, or the first since this check began), the user gets "New sign-in to
 * your account" through the outbox, in the sign-in's transaction. Returns the id the browser's
 * device cookie is to hold (the one it sent, or a new one).
 */
export async function recogniseDevice(
  tx: Queryable,
  deps: Pick<AccountsDeps, 'outbox' | 'config'>,
  user: Pick<UserRow, 'id' | 'email' | 'first_name'>,
  client: ClientInfo,
): Promise<string> {
  const presented = client.deviceId && DEVICE_ID_PATTERN.test(client.deviceId) ? client.deviceId : null;
  const deviceId = presented ?? randomToken();
  const family = agentFamily(client.userAgent);
  const seen = await tx.one<{ known: boolean; any: boolean }>(sql`
    select exists (select 1 from public.user_devices where user_id = ${user.id} and (
             device_hash = ${sha256Hex(deviceId)}
             or (${presented === null} and agent_family = ${family}
                 and last_seen_at > now() - make_interval(days => ${DEVICE_FAMILY_DAYS})))) as known,
           exists (select 1 from public.user_devices where user_id = ${user.id}) as any`);
  await tx.many(sql`
    insert into public.user_devices (user_id, device_hash, agent_family)
    values (${user.id}, ${sha256Hex(deviceId)}, ${family})
    on conflict (user_id, device_hash) do update set last_seen_at = now(), agent_family = excluded.agent_family`);
  if (!seen.known && seen.any) {
    await deps.outbox.enqueue(tx, {
      to: user.email,
      subject: NEW_DEVICE_SUBJECT,
      template: 'new-device-sign-in',
      text: newDeviceText(deps.config.appOrigin, user, client),
    });
  }
  return deviceId;
}

function newDeviceText(
  appOrigin: string,
  user: Pick<UserRow, 'id' | 'first_name'>,
  client: ClientInfo,
): string {
  const { browser, device } = describeUserAgent(client.userAgent ?? null);
  const when = new Intl.DateTimeFormat('en-AU', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: ZONE,
  }).format(new Date());
  return [
    user.first_name ? `Hello ${user.first_name},` : 'Hello,',
    '',
    `Your ${PRODUCT_NAME} account was just signed in to from a device or browser it has not been used on before.`,
    '',
    `When: ${when} (Sydney time)`,
    `Browser: ${browser}`,
    `Device: ${device}`,
    `Address: ${client.ip ?? 'unknown'}`,
    '',
    'If this was you, there is nothing to do.',
    '',
    'If it was not you, open the sessions of your Account Settings, sign out of that session, and',
    'change your password:',
    `${appOrigin}${accountSettingsPath(user.id)}#sessions-heading`,
  ].join('\n');
}
