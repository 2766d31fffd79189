import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../../config/load-config.ts';
import { deliverPendingEmails } from '../../services/outbox/deliver-pending-emails.ts';
import { enqueueEmail } from '../../services/outbox/enqueue-email.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: {
      /** Adds an e-mail to the outbox inside the caller's transaction. */
      enqueue: typeof enqueueEmail;
      /** Sends what is due now (no-op without SMTP). */
      deliverPending(): Promise<{ sent: number; failed: number }>;
    };
  }
}

function createTransport(smtp: SmtpConfig): Transporter {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  if (smtp.url) return nodemailer.createTransport({ url: smtp.url, ...timeouts });
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    ...timeouts,
  });
}

/**
 * The e-mail outbox. With SMTP configured, a worker sends PENDING rows every OUTBOX_POLL_MS;
 * without it mail stays in the table for the dev mailbox (GET /api/dev/mailbox).
 */
export default fp(
  async (app) => {
    const { smtp, outboxPollMs } = app.config;
    const transport = smtp ? createTransport(smtp) : null;
    const deliverPending = async () =>
      transport && smtp ? deliverPendingEmails(app.db, transport, smtp.from) : { sent: 0, failed: 0 };
    app.decorate('outbox', { enqueue: enqueueEmail, deliverPending });
    if (!transport) return;

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;
    const tick = () => {
      running = deliverPending()
        .then((r) => (r.sent || r.failed ? app.log.info(r, 'outbox delivered') : undefined))
        .catch((error) => app.log.error({ err: error }, 'outbox delivery failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, outboxPollMs);
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, outboxPollMs);
    });
    app.addHook('onClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    });
  },
  { name: 'outbox', dependencies: ['db'] },
);
