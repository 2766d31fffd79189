import net from 'node:net';
import { createTestContext, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';

/** A minimal SMTP server that accepts every message and keeps its raw data. */
async function startSmtpServer() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, messages, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function enqueue(t: TestContext, to: string) {
  return t.app.db.transaction((tx) =>
    t.app.outbox.enqueue(tx, { to, subject: 'Hello', text: 'Body text', template: 'test' }),
  );
}

describe('outbox delivery by SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A long poll interval: the test drives delivery itself.
    t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_POLL_MS: '600000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends pending mail once and marks it SENT', async () => {
    const id = await enqueue(t, 'someone@demo.test');
    expect(await t.app.outbox.deliverPending()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.outbox.deliverPending()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain('Subject: Hello');
    expect(smtp.messages[0]).toContain('Body text');
    const row = await t.app.db.one<{ status: string; attempts: number; sent_at: Date | null }>(
      sql`select status, attempts, sent_at from public.email_outbox where id = ${id}`,
    );
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(row.sent_at).not.toBeNull();
  });

  it("sends an e-mail's extra headers (a digest's List-Unsubscribe, RFC 8058)", async () => {
    await t.app.db.transaction((tx) =>
      t.app.outbox.enqueue(tx, {
        to: 'digest@demo.test',
        subject: 'Your weekly digest',
        text: 'Body text',
        template: 'test',
        headers: {
          'List-Unsubscribe': '<https://portal.test/api/digests/unsubscribe?token=abc>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    );
    const before = smtp.messages.length;
    expect(await t.app.outbox.deliverPending()).toEqual({ sent: 1, failed: 0 });
    const message = smtp.messages[before]!;
    expect(message).toContain('List-Unsubscribe: <https://portal.test/api/digests/unsubscribe?token=abc>');
    expect(message).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('skips rows another replica holds (for update skip locked)', async () => {
    const id = await enqueue(t, 'locked@demo.test');
    const client = await t.sql.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from public.email_outbox where id = $1 for update', [id]);
      expect(await t.app.outbox.deliverPending()).toEqual({ sent: 0, failed: 0 });
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await t.app.outbox.deliverPending()).toEqual({ sent: 1, failed: 0 });
  });
});

describe('outbox delivery failures', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 9: every send fails.
    t = await createTestContext({
      SMTP_URL: 'smtp://127.0.0.1:9',
      OUTBOX_POLL_MS: '600000',
      DEV_PAGES_KEY: 'a-dev-pages-key-for-tests',
    });
  });
  afterAll(() => t.close());

  it('records the attempt and the error, backs off, and gives up after 5 attempts', async () => {
    const id = await enqueue(t, 'unlucky@demo.test');
    expect(await t.app.outbox.deliverPending()).toEqual({ sent: 0, failed: 1 });
    const row = await t.app.db.one<{ status: string; attempts: number; last_error: string }>(
      sql`select status, attempts, last_error from public.email_outbox where id = ${id}`,
    );
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Backing off: not retried straight away.
    expect(await t.app.outbox.deliverPending()).toEqual({ sent: 0, failed: 0 });
    for (let attempt = 2; attempt <= 5; attempt++) {
      await t.sql.query(
        `update public.email_outbox set created_at = now() - interval '1 day' where id = $1`,
        [id],
      );
      expect(await t.app.outbox.deliverPending()).toEqual({ sent: 0, failed: 1 });
    }
    const last = await t.app.db.one<{ status: string; attempts: number }>(
      sql`select status, attempts from public.email_outbox where id = ${id}`,
    );
    expect(last).toEqual({ status: 'FAILED', attempts: 5 });
    await t.sql.query(`update public.email_outbox set created_at = now() - interval '1 day' where id = $1`, [
      id,
    ]);
    expect(await t.app.outbox.deliverPending()).toEqual({ sent: 0, failed: 0 });
  });

  it('has no dev mailbox when SMTP is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    const withKey = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { 'x-dev-key': 'a-dev-pages-key-for-tests' },
    });
    expect(withKey.statusCode).toBe(404);
  });
});
