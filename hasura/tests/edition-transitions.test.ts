import { createEdition, createTransition } from '@portal/testkit/edition-factories';
import { createPractice } from '@portal/testkit/people-factories';
import { dayFromToday } from '@portal/testkit/row-factories';
import { describe, expect, it } from 'vitest';
import { failureOf, useTestDb } from './db.ts';

const t = useTestDb();

const ADMIN = { 'x-hasura-role': 'provider_admin', 'x-hasura-user-id': '1' };

/** A new cycle of the practice, as the product makes one (a provider admin through Hasura). */
async function newCycle(practiceId: number, editionId: number | null = null) {
  return t.db.asUser(ADMIN, async () => {
    const [row] = await t.db.q<{ survey_version_id: number }>(
      'insert into public.accreditations (practice_id, survey_version_id) values ($1, $2) returning survey_version_id',
      [practiceId, editionId],
    );
    return row!.survey_version_id;
  });
}

/** The failure of a statement (in a Hasura session when `session`); its transaction is rolled back. */
async function refusal(text: string, values: unknown[], session: Record<string, string> | null = ADMIN) {
  await t.db.q('begin');
  try {
    if (session) await t.db.q("select set_config('hasura.user', $1, true)", [JSON.stringify(session)]);
    return await failureOf(t.db, text, values);
  } finally {
    await t.db.q('rollback');
  }
}

/** The failure of a statement written with the admin secret (no session). */
const failure = (text: string, values: unknown[]) => refusal(text, values, null);

const cycles = async (practiceId: number) =>
  (await t.db.q('select 1 from public.accreditations where practice_id = $1', [practiceId])).length;

describe('a new cycle’s edition and the transition window', () => {
  it('before the window: the current edition, and the newer one is refused', async () => {
    const w = await createTransition(t.db.client, { opensIn: 5, closesIn: 30 });
    const practice = await createPractice(t.db.client);
    expect(await newCycle(practice.id)).toBe(w.older.id);
    const refused = await refusal(
      'insert into public.accreditations (practice_id, survey_version_id) values ($1, $2)',
      [practice.id, w.newer.id],
    );
    expect(refused.constraint).toBe('cycle_edition_allowed');
    expect(refused.message).toMatch(
      /^The transition window to E\w+ opens on \d\d\/\d\d\/\d{4}: until then new cycles use E\w+\.$/,
    );
    expect(await cycles(practice.id)).toBe(1);
  });

  it('within it: the older by default, the practice’s choice, and either when given', async () => {
    const w = await createTransition(t.db.client);
    const [chooser, other, third, fourth] = await Promise.all(
      [1, 2, 3, 4].map(() => createPractice(t.db.client)),
    );
    expect(await newCycle(other!.id)).toBe(w.older.id);
    await t.db.asUser(ADMIN, () =>
      t.db.q('update public.practices set next_cycle_survey_version_id = $2 where organisation_id = $1', [
        chooser!.id,
        w.newer.id,
      ]),
    );
    expect(await newCycle(chooser!.id)).toBe(w.newer.id);
    expect(await newCycle(third!.id, w.older.id)).toBe(w.older.id);
    expect(await newCycle(fourth!.id, w.newer.id)).toBe(w.newer.id);
  });

  it('after it: the newer, and the older is refused with the closing date', async () => {
    const w = await createTransition(t.db.client, { opensIn: -40, closesIn: -2 });
    const practice = await createPractice(t.db.client);
    // The practice chose the older within the window: the window is over, its choice no longer counts.
    await t.db.q('update public.practices set next_cycle_survey_version_id = $2 where organisation_id = $1', [
      practice.id,
      w.older.id,
    ]);
    expect(await newCycle(practice.id)).toBe(w.newer.id);
    const refused = await refusal(
      'insert into public.accreditations (practice_id, survey_version_id) values ($1, $2)',
      [practice.id, w.older.id],
    );
    const closed = w.closesOn.split('-').reverse().join('/');
    expect(refused.message).toBe(
      `The transition window closed on ${closed}: new cycles use ${w.newer.code}.`,
    );
    expect(await cycles(practice.id)).toBe(1);
  });

  it('refuses a draft or a retired edition through the product, and the admin secret writes what it is given', async () => {
    await createTransition(t.db.client);
    const practice = await createPractice(t.db.client);
    const draft = await createEdition(t.db.client, { D1: 1 }, { status: 'DRAFT' });
    const retired = await createEdition(t.db.client, { R1: 1 });
    await t.db.q("update public.survey_versions set status = 'RETIRED' where id = $1", [retired.id]);
    const insert = 'insert into public.accreditations (practice_id, survey_version_id) values ($1, $2)';
    expect((await refusal(insert, [practice.id, draft.id])).message).toBe(
      `The edition ${draft.code} is a draft: a cycle uses a published edition.`,
    );
    expect((await refusal(insert, [practice.id, retired.id])).message).toBe(
      `The edition ${retired.code} is retired: a cycle uses a published edition.`,
    );
    expect(await cycles(practice.id)).toBe(0);
    // A past cycle loaded with the admin secret (no session) keeps its edition.
    await t.db.q(insert, [practice.id, retired.id]);
    expect(await cycles(practice.id)).toBe(1);
  });

  it('with no window: the current edition, and only it', async () => {
    const w = await createTransition(t.db.client);
    await t.db.q('select * from public.complete_edition_transitions($1::date)', [dayFromToday(60)]);
    const practice = await createPractice(t.db.client);
    expect(await newCycle(practice.id)).toBe(w.newer.id);
    const refused = await refusal(
      'insert into public.accreditations (practice_id, survey_version_id) values ($1, $2)',
      [practice.id, w.older.id],
    );
    expect(refused.message).toBe(`New cycles use ${w.newer.code}, not ${w.older.code}.`);
  });
});

describe('the window’s own rules', () => {
  it('completes after its last day: the newer edition becomes the current one, once', async () => {
    const w = await createTransition(t.db.client, { opensIn: -30, closesIn: -1 });
    const current = async () =>
      (await t.db.q<{ id: number }>('select id from public.survey_versions where is_current'))[0]!.id;
    expect(await current()).toBe(w.older.id);
    const done = await t.db.q('select id from public.complete_edition_transitions(public.portal_today())');
    expect(done.map((row) => row.id)).toEqual([w.transitionId]);
    expect(await current()).toBe(w.newer.id);
    expect(await t.db.q('select id from public.complete_edition_transitions(public.portal_today())')).toEqual(
      [],
    );
    const over = await failure(
      'update public.edition_transitions set closes_on = closes_on + 30 where id = $1',
      [w.transitionId],
    );
    expect(over.message).toBe('The transition to this edition is over: its window never changes.');
  });

  it('does not complete while its last day lasts', async () => {
    const w = await createTransition(t.db.client, { opensIn: -30, closesIn: 0 });
    expect(await t.db.q('select id from public.complete_edition_transitions(public.portal_today())')).toEqual(
      [],
    );
    const [row] = await t.db.q('select completed_at from public.edition_transitions where id = $1', [
      w.transitionId,
    ]);
    expect(row!.completed_at).toBeNull();
  });

  it('refuses dates that do not close after they open, or close in the past; nothing changes', async () => {
    const w = await createTransition(t.db.client, { opensIn: -3, closesIn: 10 });
    const set = 'update public.edition_transitions set opens_on = $2, closes_on = $3 where id = $1';
    const backwards = await failure(set, [w.transitionId, dayFromToday(10), dayFromToday(5)]);
    expect(backwards.constraint).toBe('edition_transition_dates');
    expect(backwards.message).toMatch(
      /^The window must close after it opens: choose a closing date after \d\d\/\d\d\/\d{4}\.$/,
    );
    const past = await failure(set, [w.transitionId, dayFromToday(-30), dayFromToday(-1)]);
    expect(past.message).toMatch(
      /^The window cannot close in the past: choose a closing date from \d\d\/\d\d\/\d{4} on\.$/,
    );
    const [row] = await t.db.q<{ opens_on: string; closes_on: string }>(
      'select opens_on::text, closes_on::text from public.edition_transitions where id = $1',
      [w.transitionId],
    );
    expect(row).toEqual({ opens_on: w.opensOn, closes_on: w.closesOn });
  });

  it('goes from the current edition to a published one with a complete mapping', async () => {
    const w = await createTransition(t.db.client);
    await t.db.q('select * from public.complete_edition_transitions($1::date)', [dayFromToday(60)]);
    const draft = await createEdition(t.db.client, { D1: 1 }, { status: 'DRAFT' });
    const unmapped = await createEdition(t.db.client, { U1: 1 });
    const retired = await createEdition(t.db.client, { R1: 1 });
    await t.db.q("update public.survey_versions set status = 'RETIRED' where id = $1", [retired.id]);
    const add =
      'insert into public.edition_transitions (from_version_id, to_version_id, opens_on, closes_on) values ($1, $2, $3, $4)';
    const days = [dayFromToday(1), dayFromToday(30)];
    expect((await failure(add, [w.newer.id, draft.id, ...days])).message).toBe(
      `The edition ${draft.code} is draft: publish it before opening a transition window to it.`,
    );
    expect((await failure(add, [w.newer.id, retired.id, ...days])).message).toBe(
      `The edition ${retired.code} is retired: a transition window goes to a published edition.`,
    );
    expect((await failure(add, [unmapped.id, w.newer.id, ...days])).constraint).toBe(
      'edition_transition_from_current',
    );
    expect((await failure(add, [w.newer.id, unmapped.id, ...days])).message).toBe(
      `Map every indicator of ${w.newer.code} to ${unmapped.code} before opening a transition window (5 not mapped).`,
    );
  });

  it('keeps the editions in place while pending: the newer is not retired, the current is not changed by hand', async () => {
    const w = await createTransition(t.db.client);
    const retire = await failure("update public.survey_versions set status = 'RETIRED' where id = $1", [
      w.newer.id,
    ]);
    expect(retire.message).toBe(
      `The edition ${w.newer.code} has a transition window open to it: it is not retired.`,
    );
    const swap = await failure('update public.survey_versions set is_current = false where id = $1', [
      w.older.id,
    ]);
    expect(swap.message).toBe(
      `A transition window from ${w.older.code} is pending: the current edition changes when it closes.`,
    );
  });

  it('lets a practice choose only one of an open window’s editions', async () => {
    const w = await createTransition(t.db.client, { opensIn: 3, closesIn: 30 });
    const practice = await createPractice(t.db.client);
    const early = await refusal(
      'update public.practices set next_cycle_survey_version_id = $2 where organisation_id = $1',
      [practice.id, w.newer.id],
    );
    expect(early.message).toBe('No transition window is open to choose this edition in.');
    const [row] = await t.db.q(
      'select next_cycle_survey_version_id from public.practices where organisation_id = $1',
      [practice.id],
    );
    expect(row!.next_cycle_survey_version_id).toBeNull();
  });
});
