import { startTestS3 } from '@portal/testkit/s3';
import { createTestContext, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retireAbandonedUploads } from './retire-abandoned-uploads.ts';

let t: TestContext;
let s3: Awaited<ReturnType<typeof startTestS3>>;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestContext(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('retireAbandonedUploads', () => {
  it('removes the objects of day-old pending uploads and archives their rows; recent, completed and archived rows stay', async () => {
    const storage = t.app.storage!;
    const { rows: setup } = await t.sql.query(`
      with org as (insert into public.organisations (name) values ('Sweep Practice') returning id),
           practice as (insert into public.practices (organisation_id) select id from org returning organisation_id),
           folder as (insert into public.folders (name) values ('Sweep folder') returning id)
      select (select organisation_id from practice) as practice_id, (select id from folder) as folder_id`);
    const { practice_id: practiceId, folder_id: folderId } = setup[0];
    const rows = [
      { name: 'old-pending', age: '2 days', uploaded: false, archived: false },
      { name: 'new-pending', age: '1 hour', uploaded: false, archived: false },
      { name: 'old-complete', age: '2 days', uploaded: true, archived: false },
      { name: 'old-archived', age: '2 days', uploaded: false, archived: true },
    ];
    for (const row of rows) {
      await storage.put(`sweep/${row.name}`, Buffer.from(row.name), 'application/pdf');
      await t.sql.query(
        `insert into public.documents (practice_id, folder_id, name, storage_key, file_size, file_type,
           uploaded_at, created_at, archived, archived_at)
         values ($1, $2, $3, $4, 10, 'application/pdf', case when $5 then now() end,
           now() - $6::interval, $7, case when $7 then now() end)`,
        [practiceId, folderId, row.name, `sweep/${row.name}`, row.uploaded, row.age, row.archived],
      );
    }
    expect(await retireAbandonedUploads(t.app.db, storage)).toBe(1);
    const { rows: after } = await t.sql.query(
      `select name, archived from public.documents where storage_key like 'sweep/%' order by name`,
    );
    expect(after).toEqual([
      { name: 'new-pending', archived: false },
      { name: 'old-archived', archived: true },
      { name: 'old-complete', archived: false },
      { name: 'old-pending', archived: true },
    ]);
    const present = await Promise.all(
      rows.map(async (r) => [r.name, (await storage.head(`sweep/${r.name}`)) !== null]),
    );
    expect(Object.fromEntries(present)).toEqual({
      'old-pending': false,
      'new-pending': true,
      'old-complete': true,
      'old-archived': true,
    });
    // Nothing left to do: a second run retires nothing.
    expect(await retireAbandonedUploads(t.app.db, storage)).toBe(0);
  });

  it('runs from the service on the clock it is given: a day after an upload starts, not before', async () => {
    const storage = t.app.storage!;
    const { rows } = await t.sql.query(`
      with org as (insert into public.organisations (name) values ('Clock Practice') returning id),
           practice as (insert into public.practices (organisation_id) select id from org returning organisation_id),
           folder as (insert into public.folders (name) values ('Clock folder') returning id)
      insert into public.documents (practice_id, folder_id, name, storage_key, file_size, file_type)
      select (select organisation_id from practice), (select id from folder), 'fresh.pdf', 'clock/fresh.pdf',
             10, 'application/pdf'
      returning id`);
    const id = rows[0].id as number;
    await storage.put('clock/fresh.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    const state = async () => ({
      archived: (await t.sql.query('select archived from public.documents where id = $1', [id])).rows[0]
        .archived,
      object: (await storage.head('clock/fresh.pdf')) !== null,
    });

    // Other tests' pending rows may be swept too: this one's fate is what is checked.
    const hour = 3_600_000;
    await t.app.runHousekeeping();
    expect(await state()).toEqual({ archived: false, object: true });
    await t.app.runHousekeeping({ now: new Date(Date.now() + 23 * hour) });
    expect(await state()).toEqual({ archived: false, object: true });
    expect(
      (await t.app.runHousekeeping({ now: new Date(Date.now() + 25 * hour) })).abandonedUploads,
    ).toBeGreaterThanOrEqual(1);
    expect(await state()).toEqual({ archived: true, object: false });
  });

  it('takes its interval from HOUSEKEEPING_INTERVAL_MINUTES (an hour by default)', () => {
    expect(t.app.config.housekeepingIntervalMs).toBe(60 * 60_000);
  });
});
