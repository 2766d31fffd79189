import {
  createDocument,
  createFolder,
  createManagedPractice,
  createStandards,
  createUser,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Documents' effective and review dates and folders' review periods (spec 002 §3,
// docs/decisions/evidence.md): the practice's PM sets a document's dates, nobody else's; the back
// office sets a folder's review period; a document filed in a folder with one is given its review
// date. `mine` is managed by PM, `theirs` by someone else.

const SET_DATES = `mutation($id: Int!, $effective: date, $review: date) {
  update_documents(where: {id: {_eq: $id}}, _set: {effective_date: $effective, review_date: $review}) { affected_rows } }`;
const SET_PERIOD = `mutation($id: Int!, $months: Int) {
  update_folders(where: {id: {_eq: $id}}, _set: {review_months: $months}) { affected_rows } }`;

describe("documents' effective and review dates, folders' review periods", () => {
  let stack: TestStack;
  let PM: TestUser;
  let QAM: TestUser & { role: string };
  let mine: number;
  let theirs: number;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    ({ id: mine, pm: PM } = await createManagedPractice(stack.sql));
    ({ id: theirs } = await createManagedPractice(stack.sql));
    QAM = { ...(await createUser(stack.sql, { isQam: true })), role: 'qam' };
  });
  afterAll(async () => {
    await stack?.close();
  });

  const datesOf = async (id: number) =>
    (
      await stack.sql.query(
        'select effective_date::text as effective, review_date::text as review from documents where id = $1',
        [id],
      )
    ).rows[0];

  it("spec 002 §3, docs/decisions/evidence.md: a PM sets their document's effective and review dates and reads them; not another practice's", async () => {
    const own = await createDocument(stack.sql, mine);
    const other = await createDocument(stack.sql, theirs);
    const vars = { effective: '2026-01-05', review: '2027-01-05' };
    expect(await stack.gql(PM, SET_DATES, { id: own.id, ...vars })).toEqual({
      data: { update_documents: { affected_rows: 1 } },
    });
    expect(await datesOf(own.id)).toEqual({ effective: '2026-01-05', review: '2027-01-05' });
    expect(await stack.gql(PM, SET_DATES, { id: other.id, ...vars })).toEqual({
      data: { update_documents: { affected_rows: 0 } },
    });
    expect((await datesOf(other.id)).review).not.toBe('2027-01-05');
    const read = await stack.gql<{ documents_by_pk: unknown }>(
      PM,
      'query($id: Int!) { documents_by_pk(id: $id) { effective_date review_date } }',
      { id: own.id },
    );
    expect(read.data?.documents_by_pk).toEqual({ effective_date: '2026-01-05', review_date: '2027-01-05' });
  });

  it('spec 002 §3, docs/decisions/evidence.md: a review date before the effective date is refused and changes nothing', async () => {
    const own = await createDocument(stack.sql, mine);
    const before = await datesOf(own.id);
    const result = await stack.gql(PM, SET_DATES, {
      id: own.id,
      effective: '2026-05-01',
      review: '2026-04-30',
    });
    expect(result.errors?.[0]?.message).toMatch(/review date/i);
    expect(await datesOf(own.id)).toEqual(before);
  });

  it("spec 002 §3, docs/decisions/evidence.md: the back office sets a folder's review period; a PM cannot; 0 or over 120 months is refused", async () => {
    const folder = (await createFolder(stack.sql, mine)).id;
    expect(await stack.gql(PM, SET_PERIOD, { id: folder, months: 12 })).toMatchObject({
      errors: expect.anything(),
    });
    expect(await stack.gql(QAM, SET_PERIOD, { id: folder, months: 12 })).toEqual({
      data: { update_folders: { affected_rows: 1 } },
    });
    for (const months of [0, 121]) {
      expect((await stack.gql(QAM, SET_PERIOD, { id: folder, months })).errors?.length, String(months)).toBe(
        1,
      );
    }
    const { rows } = await stack.sql.query('select review_months from folders where id = $1', [folder]);
    expect(rows[0].review_months).toBe(12);
  });

  it('spec 002 §3, docs/decisions/evidence.md: a document filed in a folder with a review period is given its review date from the effective date; its own date stays', async () => {
    const folder = (await createFolder(stack.sql, mine)).id;
    await stack.sql.query('update folders set review_months = 12 where id = $1', [folder]);
    const filed = await createDocument(stack.sql, mine, { folder_id: folder, effective_date: '2026-02-28' });
    expect(await datesOf(filed.id)).toEqual({ effective: '2026-02-28', review: '2027-02-28' });
    const own = await createDocument(stack.sql, mine, {
      folder_id: folder,
      effective_date: '2026-02-28',
      review_date: '2026-06-30',
    });
    expect((await datesOf(own.id)).review).toBe('2026-06-30');
    // Without an effective date, it is the day it was filed (the portal's today).
    const today = (await stack.sql.query('select public.portal_today()::text as d')).rows[0].d as string;
    const plain = await createDocument(stack.sql, mine, { folder_id: folder });
    expect((await datesOf(plain.id)).effective).toBe(today);
    // Moved into the folder later: given the date too.
    const moved = await createDocument(stack.sql, mine);
    expect((await datesOf(moved.id)).review).toBeNull();
    await stack.sql.query('update documents set folder_id = $1 where id = $2', [folder, moved.id]);
    expect((await datesOf(moved.id)).review).not.toBeNull();
  });

  it("issue 32, docs/decisions/evidence.md#look-back: an indicator's look-back window is read by all, set by the provider admin only, 1 to 120 months", async () => {
    const indicator = (await createStandards(stack.sql, 1)).indicators[0]!.id;
    const ADMIN = { ...(await createUser(stack.sql, { isAdmin: true })), role: 'provider_admin' };
    const SET_WINDOW = `mutation($id: Int!, $months: Int) {
      update_indicators(where: {id: {_eq: $id}}, _set: {evidence_lookback_months: $months}) { affected_rows } }`;
    for (const caller of [PM, QAM])
      expect((await stack.gql(caller, SET_WINDOW, { id: indicator, months: 12 })).errors?.length).toBe(1);
    expect(await stack.gql(ADMIN, SET_WINDOW, { id: indicator, months: 12 })).toEqual({
      data: { update_indicators: { affected_rows: 1 } },
    });
    for (const months of [0, 121])
      expect(
        (await stack.gql(ADMIN, SET_WINDOW, { id: indicator, months })).errors?.length,
        String(months),
      ).toBe(1);
    const read = await stack.gql<{ indicators_by_pk: unknown }>(
      PM,
      'query($id: Int!) { indicators_by_pk(id: $id) { evidence_lookback_months } }',
      { id: indicator },
    );
    expect(read.data?.indicators_by_pk).toEqual({ evidence_lookback_months: 12 });
  });
});
