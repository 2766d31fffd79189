import { SCHEDULED_JOBS_REFUSED_MESSAGE } from '@portal/domain';
import { render, screen, within } from '@testing-library/react';
import { quickAddJob, runMigrations } from 'graphile-worker';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createPortalServices, ServicesProvider } from '../../../lib/services.tsx';
import { createUser } from '../../../test/factories.ts';
import { installCookieJar, signInOnStack, useRealStack } from '../../../test/stack-harness.tsx';
import { formatPortalDateTime } from '../model/portal-date-time.ts';
import { ScheduledJobsView } from './scheduled-jobs-view.tsx';

describe('the admin console’s Scheduled jobs, on the real stack', () => {
  const stack = useRealStack();

  async function renderView(as: { email: string; password: string }) {
    installCookieJar();
    await signInOnStack(stack, as);
    const services = createPortalServices({
      apiUrl: stack.actionsUrl,
      graphqlUrl: stack.graphqlUrl,
      baseUrl: stack.actionsUrl,
      webSocketImpl: WebSocket,
      leaveApp: () => {},
    });
    await services.session.refresh();
    render(
      <ServicesProvider services={services}>
        <AdminContext>
          <ScheduledJobsView />
        </AdminContext>
      </ServicesProvider>,
    );
  }

  it('issue 32: lists each schedule with its cron in words, last and next run, and last failure with its attempts', async () => {
    await runMigrations({ connectionString: stack.database.url });
    await stack.sql.query(
      `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
       values ('send-digests', '2027-02-01T00:00:00Z', '2027-03-01T20:00:00Z') on conflict do nothing`,
    );
    const job = await quickAddJob(
      { connectionString: stack.database.url },
      'send-digests',
      {},
      { maxAttempts: 5 },
    );
    await stack.sql.query(
      `update graphile_worker._private_jobs set attempts = 2, last_error = 'digest query failed: 502',
              run_at = '2027-03-01T20:07:00Z' where id = $1`,
      [job.id],
    );
    const admin = await createUser(stack.sql, { isAdmin: true });
    await renderView(admin);
    const table = await screen.findByRole('table', { name: 'Scheduled jobs' }, { timeout: 15_000 });
    const row = within(table).getByRole('row', { name: /send-digests/ });
    expect(within(row).getByText('At 20:00, every day, UTC')).toBeTruthy();
    expect(within(row).getByText('0 20 * * *')).toBeTruthy();
    const [, lastRun, nextRun] = within(row).getAllByRole('cell');
    expect(lastRun!.textContent).toBe('02/03/2027 07:00');
    // 20:00 UTC: 06:00 or 07:00 in Sydney, depending on summer time.
    expect(nextRun!.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} 0[67]:00$/);
    const updated = (
      await stack.sql.query('select updated_at from graphile_worker._private_jobs where id = $1', [job.id])
    ).rows[0].updated_at as Date;
    expect(
      within(row).getByText(`${formatPortalDateTime(updated.toISOString())}: digest query failed: 502`),
    ).toBeTruthy();
    expect(within(row).getByText('Attempt 2 of 5; next try 02/03/2027 07:07')).toBeTruthy();
    // The test stack runs no scheduler: the view says so.
    expect(screen.getByText(/The scheduler is turned off on the server that answered/)).toBeTruthy();
  });

  it('issue 32: shows the refusal to someone who is no provider admin', async () => {
    const qam = await createUser(stack.sql, { isQam: true });
    await renderView(qam);
    expect(await screen.findByText(SCHEDULED_JOBS_REFUSED_MESSAGE, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
