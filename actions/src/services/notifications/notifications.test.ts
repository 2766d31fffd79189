import { SURVEY_OFFERS_PATH, surveyConfirmationRoute } from '@portal/domain';
import {
  createAccreditation,
  createManagedPractice,
  createSurveyVisit,
  createUser,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The notification centre (the header's bell): the events that tell a user as they happen, each
// in the transaction of its change, and the permissions that keep each user to their own.

let stack: TestStack;
let qam: TestUser;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  qam = await createUser(stack.sql, { isQam: true });
}, 60_000);
afterAll(() => stack?.close());

const OFFER = `mutation ($v: Int!, $s: [Int!]!) { offerSurveyVisit(visitId: $v, surveyorIds: $s) { offered } }`;
const SEND = `mutation ($v: Int!) { sendSurveyConfirmation(visitId: $v) { recipients } }`;
const MINE = `{ notifications(order_by: {id: desc}) { id kind title link read_at user_id } }`;
const MARK = `mutation ($id: bigint!) { update_notifications_by_pk(pk_columns: {id: $id}, _set: {read_at: "now()"}) { id read_at } }`;

type TRow = {
  id: number;
  kind: string;
  title: string;
  link: string;
  read_at: string | null;
  user_id: number;
};

/** The user as a GraphQL caller (their own password). */
const as = (user: TestUser) => ({ email: user.email, password: user.password });

const notificationsOf = async (userId: number) =>
  (await stack.sql.query<TRow>('select * from notifications where user_id = $1 order by id', [userId])).rows;

describe('notifications', () => {
  it('an offer tells each offered surveyor, opening Survey offers; a refused offer tells nobody', async () => {
    const practice = await createManagedPractice(stack.sql, { name: 'Bellbird Family Practice' });
    const cycle = await createAccreditation(stack.sql, practice.id);
    const visitId = (await createSurveyVisit(stack.sql, cycle.id, { status: 'PLANNING' })).id;
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const notSurveyor = await createUser(stack.sql);

    const refused = await stack.gql(as(qam), OFFER, { v: visitId, s: [surveyor.id, notSurveyor.id] });
    expect(refused.errors?.[0]?.message).toMatch(
      /is not an active surveyor and cannot be offered this visit\.$/,
    );
    expect(await notificationsOf(surveyor.id)).toEqual([]);

    expect((await stack.gql(as(qam), OFFER, { v: visitId, s: [surveyor.id] })).errors).toBeUndefined();
    expect(await notificationsOf(surveyor.id)).toEqual([
      expect.objectContaining({
        kind: 'SURVEY_OFFER',
        title: 'Survey offer: Bellbird Family Practice',
        link: SURVEY_OFFERS_PATH,
        read_at: null,
      }),
    ]);
  });

  it("the survey confirmation tells the practice's managers who are users, opening the confirmation page", async () => {
    const practice = await createManagedPractice(stack.sql);
    const cycle = await createAccreditation(stack.sql, practice.id);
    const visitId = (
      await createSurveyVisit(stack.sql, cycle.id, {
        status: 'FINAL',
        date: '2031-06-03',
        start_time: '09:00',
        end_time: '12:00',
      })
    ).id;
    expect((await stack.gql(as(qam), SEND, { v: visitId })).errors).toBeUndefined();
    expect(await notificationsOf(practice.pm.id)).toEqual([
      expect.objectContaining({ kind: 'SURVEY_CONFIRMATION', link: surveyConfirmationRoute(practice.id) }),
    ]);
  });

  it('a user reads and marks read only their own; nobody inserts or deletes one', async () => {
    const [me, other] = [await createUser(stack.sql), await createUser(stack.sql)];
    const insert = (userId: number, title: string) =>
      stack.sql.query<{ id: number }>(
        `insert into notifications (user_id, kind, title, link) values ($1, 'REVIEW_NOTICE', $2, '/Dashboard') returning id`,
        [userId, title],
      );
    const mine = (await insert(me.id, 'Mine')).rows[0]!.id;
    const theirs = (await insert(other.id, 'Theirs')).rows[0]!.id;

    const read = await stack.gql<{ notifications: TRow[] }>(as(me), MINE);
    expect(read.data?.notifications.map((n) => n.title)).toEqual(['Mine']);
    const byPk = await stack.gql<{ notifications_by_pk: TRow | null }>(
      as(me),
      `query ($id: bigint!) { notifications_by_pk(id: $id) { id } }`,
      { id: theirs },
    );
    expect(byPk.data?.notifications_by_pk).toBeNull();

    const markTheirs = await stack.gql<{ update_notifications_by_pk: TRow | null }>(as(me), MARK, {
      id: theirs,
    });
    expect(markTheirs.data?.update_notifications_by_pk).toBeNull();
    expect((await notificationsOf(other.id))[0]!.read_at).toBeNull();
    const markMine = await stack.gql<{ update_notifications_by_pk: TRow | null }>(as(me), MARK, {
      id: mine,
    });
    expect(markMine.data?.update_notifications_by_pk?.read_at).not.toBeNull();

    const moveMine = await stack.gql(
      as(me),
      `mutation ($id: bigint!, $u: Int!) { update_notifications_by_pk(pk_columns: {id: $id}, _set: {user_id: $u}) { id } }`,
      { id: mine, u: other.id },
    );
    expect(moveMine.errors?.[0]?.message).toMatch(/user_id/);
    const forged = await stack.gql(
      as(me),
      `mutation { insert_notifications_one(object: {user_id: 1, kind: "REVIEW_NOTICE", title: "x", link: "/"}) { id } }`,
    );
    expect(forged.errors?.[0]?.message).toMatch(/insert_notifications_one/);
    const deleted = await stack.gql(
      as(me),
      `mutation ($id: bigint!) { delete_notifications_by_pk(id: $id) { id } }`,
      {
        id: mine,
      },
    );
    expect(deleted.errors?.[0]?.message).toMatch(/delete_notifications_by_pk/);
  });

  it('keeps a link inside the app and a title on one line (the database refuses the rest)', async () => {
    const me = await createUser(stack.sql);
    const insert = (title: string, link: string) =>
      stack.sql
        .query(
          `insert into notifications (user_id, kind, title, link) values ($1, 'REVIEW_NOTICE', $2, $3)`,
          [me.id, title, link],
        )
        .then(
          () => 'kept',
          (error: Error) => error.message,
        );
    expect(await insert('Fine', '//evil.example/')).toMatch(/notifications_link_path/);
    expect(await insert('Fine', 'https://evil.example/')).toMatch(/notifications_link_path/);
    expect(await insert('Two\nlines', '/Dashboard')).toMatch(/notifications_title_control_characters/);
    expect(await insert('Fine', '/Dashboard')).toBe('kept');
  });
});
