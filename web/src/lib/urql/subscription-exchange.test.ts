import { createServer } from 'node:net';
import { createUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSession } from '../auth/session.ts';
import { createNetworkStatus } from '../offline/network-status.ts';
import { createGraphqlClient } from './client.ts';

/**
 * The subscriptions' lifetime (docs/decisions/notifications.md#live), on the real engine: a
 * subscription is on the socket only while signed in and online, comes back by itself, and a
 * client disposed while its socket cannot connect (a stack torn down) ends without an unhandled
 * rejection (which would fail this run).
 */
const Unread =
  'subscription Unread { notifications_aggregate(where: { read_at: { _is_null: true } }) { aggregate { count } } }';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

/** A client as the app makes it, signed in as `user` (its token adopted), on its own network status. */
async function signedInClient(user: { email: string; password: string }, wsUrl: string) {
  const network = createNetworkStatus(true);
  const session = createSession({ apiUrl: stack.actionsUrl });
  session.adopt({
    accessToken: await stack.tokenFor(user.email, user.password),
    accessTokenExpiresAt: new Date(Date.now() + 240_000).toISOString(),
  });
  const built = createGraphqlClient({
    url: stack.graphqlUrl,
    wsUrl,
    session,
    onResetStore: () => {},
    webSocketImpl: WebSocket,
    network,
  });
  const sockets = { connected: 0, closed: 0 };
  const ws = await built.ws();
  ws.on('connected', () => sockets.connected++);
  ws.on('closed', () => sockets.closed++);
  return { ...built, ws, network, session, sockets };
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('subscriptions live while signed in and online', () => {
  it('leave the socket offline and come back online by themselves, with what changed meanwhile; end when the session expires', async () => {
    const user = await createUser(stack.sql);
    const live = await signedInClient(user, stack.graphqlUrl.replace(/^http/, 'ws'));
    const counts: number[] = [];
    const errors: unknown[] = [];
    const subscription = live.client.subscription(Unread, {}).subscribe((result) => {
      if (result.error) errors.push(result.error);
      const count = (result.data as { notifications_aggregate?: { aggregate?: { count: number } } })
        ?.notifications_aggregate?.aggregate?.count;
      if (count !== undefined) counts.push(count);
    });
    await expect.poll(() => counts.at(-1), { timeout: 15_000 }).toBe(0);
    expect(live.sockets.connected).toBe(1);

    // Offline: off the socket (which closes, nothing else being on it).
    live.network.reportNetworkFailure();
    await expect.poll(() => live.sockets.closed, { timeout: 15_000 }).toBe(1);
    await stack.sql.query(
      `insert into notifications (user_id, kind, title, link) values ($1, 'REVIEW_NOTICE', 'While offline', '/Dashboard')`,
      [user.id],
    );
    // Back online: on a new socket, with the notification made meanwhile; the subscriber saw no gap.
    live.network.reportNetworkSuccess();
    await expect.poll(() => counts.at(-1), { timeout: 15_000 }).toBe(1);
    expect(live.sockets.connected).toBe(2);

    // The session expires: the subscription leaves the socket at once.
    live.session.expire();
    await expect.poll(() => live.sockets.closed, { timeout: 15_000 }).toBe(2);
    expect(errors).toEqual([]);
    subscription.unsubscribe();
    await live.dispose();
  });

  it('a client disposed while its socket cannot connect (the server gone) ends quietly', async () => {
    const user = await createUser(stack.sql);
    const gone = await signedInClient(user, `ws://127.0.0.1:${await deadPort()}/v1/graphql`);
    let failures = 0;
    gone.ws.on('error', () => failures++);
    const subscription = gone.client.subscription(Unread, {}).subscribe(() => {});
    await expect.poll(() => failures, { timeout: 15_000 }).toBeGreaterThan(0);
    subscription.unsubscribe();
    // graphql-ws's own dispose waits for the socket it is retrying and rejects when that fails.
    await expect(gone.dispose()).resolves.toBeUndefined();
    expect(gone.sockets.connected).toBe(0);
  });
});
