import { buildApp } from '@portal/actions/app';
import { loadConfig } from '@portal/actions/config';
import { assessmentPath } from '@portal/domain';
import {
  addSurveyVisitor,
  createDocument,
  createStaff,
  createSurveyedPractice,
  createSurveyVisit,
  createUser,
} from '@portal/testkit/factories';
import { testEnv } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import type { FastifyInstance } from 'fastify';
import { quickAddJob } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDigests } from './send-digests.ts';

/** Monday 1 March 2027, 6 am in Sydney: the digest run of that portal day. */
const MONDAY = new Date('2027-02-28T19:00:00Z');
const TUESDAY = new Date('2027-03-01T19:00:00Z');
const WEDNESDAY = new Date('2027-03-02T19:00:00Z');
const ORIGIN = 'http://portal.test:3000';

describe('e-mail digests (decisions/notifications.md#digests)', () => {
  let stack: TestStack;
  let second: FastifyInstance;
  let world: Awaited<ReturnType<typeof arrange>>;

  async function arrange(sql: TestStack['sql']) {
    // A practice whose self assessment falls due in 5 days and whose survey waits for its review.
    const reviewed = await createSurveyedPractice(sql, { survey: { status: 'UNDER_REVIEW' } });
    await sql.query(`update accreditations set self_assessment_due = '2027-03-06' where id = $1`, [
      reviewed.accreditation.id,
    ]);
    // Its evidence (issue 32): a CPR certificate lapsed, a document due for review in 19 days.
    await createStaff(sql, reviewed.practice.id, {
      firstName: 'Sophie',
      lastName: 'Scott',
      columns: { cpr_expiry: '2027-02-20' },
    });
    await createDocument(sql, reviewed.practice.id, {
      name: 'Infection control policy.pdf',
      effective_date: '2026-06-01',
      review_date: '2027-03-20',
    });
    // A survey approved on Monday 15 February (Sydney), its certificate to issue within 20 business days.
    const approved = await createSurveyedPractice(sql, { survey: { status: 'APPROVED' } });
    await sql.query(
      `insert into assessment_status_changes (assessment_id, from_status, to_status, changed_at)
       values ($1, 'UNDER_REVIEW', 'APPROVED', '2027-02-14T23:00:00Z')`,
      [approved.survey.id],
    );
    // An action plan due in 7 business days: near its limit.
    const planning = await createSurveyedPractice(sql, {
      survey: { status: 'ACTION_REQUIRED', action_plan_due: '2027-03-10' },
    });
    // A visit being planned, offered to the first practice's surveyor.
    const offered = await createSurveyVisit(sql, reviewed.accreditation.id, { status: 'PLANNING' });
    await addSurveyVisitor(sql, offered.id, reviewed.surveyors[0]!.id, 'OFFERED');
    const qam = await createUser(sql, { isQam: true });
    const admin = await createUser(sql, { isAdmin: true });
    const daily = await createUser(sql, { isQam: true });
    await sql.query(`update users set email_digest = 'DAILY' where id = $1`, [daily.id]);
    const off = await createUser(sql, { isAdmin: true });
    await sql.query(`update users set email_digest = 'OFF' where id = $1`, [off.id]);
    // Nothing to do: no practice, no role.
    const idle = await createUser(sql);
    return { reviewed, approved, planning, offered, qam, admin, daily, off, idle };
  }

  const mailsTo = async (email: string) =>
    (
      await stack.sql.query<{ subject: string; text_body: string; headers: Record<string, string> }>(
        `select subject, text_body, headers from email_outbox where to_address = $1 and template = 'email-digest' order by id`,
        [email],
      )
    ).rows;

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    world = await arrange(stack.sql);
    // A second actions service on the same database, as a second replica's scheduler.
    second = await buildApp(loadConfig(testEnv(stack.database.url)));
    await second.ready();
    const runs = await Promise.all(
      [stack.app, second].map((app) => sendDigests(app, { now: MONDAY, graphqlUrl: stack.graphqlUrl })),
    );
    expect(runs.map((r) => r.day)).toEqual(['2027-03-01', '2027-03-01']);
  });

  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  it('gives a practice manager what falls due (the self assessment in 5 days), linked to its screen', async () => {
    const [mail, ...more] = await mailsTo(world.reviewed.pm.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your weekly digest: 01/03/2027');
    expect(mail!.text_body).toContain('Due within 7 days:');
    expect(mail!.text_body).toMatch(/- .*Self assessment due.*Due 06\/03\/2027 · 5 days left/);
    expect(mail!.text_body).toContain(
      `Open assessment: ${ORIGIN}${assessmentPath(world.reviewed.practice.id, world.reviewed.self.id)}\n`,
    );
    // Evidence falling due (issue 32): the lapsed CPR overdue, the document within 30 days.
    const section = (title: string) => mail!.text_body.split(`${title}:\n`)[1]?.split('\n\n')[0] ?? '';
    expect(section('Overdue')).toMatch(
      /- .*CPR certificate to renew · Sophie Scott · Overdue since 20\/02\/2027\n {2}Open staff: .*\/Staff/,
    );
    expect(section('Due within 30 days')).toMatch(
      /- .*Document to review · Infection control policy\.pdf · Due soon: 20\/03\/2027\n {2}Open documents: .*\/Documents/,
    );
  });

  it('gives a surveyor the offer to answer, a QAM the review waiting, an admin the certificate to issue', async () => {
    const [surveyor] = await mailsTo(world.reviewed.surveyors[0]!.email);
    expect(surveyor!.text_body).toContain('Waiting for you:');
    expect(surveyor!.text_body).toMatch(/Answer offer: http:\/\/portal\.test:3000\/SurveyVisits\/Offers/);
    const [qam] = await mailsTo(world.qam.email);
    expect(qam!.text_body).toContain(
      `Review assessment: ${ORIGIN}${assessmentPath(world.reviewed.practice.id, world.reviewed.survey.id)}\n`,
    );
    expect(qam!.text_body).not.toContain(
      assessmentPath(world.approved.practice.id, world.approved.survey.id),
    );
    // Action plans near their limit (issue 32), in business days.
    expect(qam!.text_body).toMatch(
      /- .*Action plan near its limit · Due 10\/03\/2027 · 7 business days left\n {2}Open action plan:/,
    );
    const [admin] = await mailsTo(world.admin.email);
    expect(admin!.text_body).toContain(
      `Issue certificate: ${ORIGIN}${assessmentPath(world.approved.practice.id, world.approved.survey.id)}\n`,
    );
    // The 20-business-day report clock from the approval (issue 32).
    expect(admin!.text_body).toMatch(
      /Due within 30 days:\n- .*Survey to certify · Certificate due 15\/03\/2027 · 10 business days left\n/,
    );
  });

  it('sends nothing twice with two scheduler processes, nothing empty, nothing to OFF, weekly only on Mondays', async () => {
    const twice = await stack.sql.query(
      `select to_address, count(*)::int as n from email_outbox where template = 'email-digest'
        group by to_address having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
    // The practice managers (the others' self assessments are open, undated), the surveyor, the
    // QAM, the admin and the daily reader: not the OFF admin, not the user with nothing to do.
    const recipients = await stack.sql.query<{ email: string }>(
      `select u.email from email_digests d join users u on u.id = d.user_id order by u.email`,
    );
    const w = world;
    expect(recipients.rows.map((r) => r.email)).toEqual(
      [w.reviewed.pm, w.approved.pm, w.planning.pm, w.reviewed.surveyors[0]!, w.qam, w.admin, w.daily]
        .map((u) => u.email)
        .sort(),
    );
    expect(await mailsTo(world.daily.email)).toHaveLength(1);
    // Tuesday: only the daily digest's reader gets one; a run again that day sends nothing more.
    await sendDigests(stack.app, { now: TUESDAY, graphqlUrl: stack.graphqlUrl });
    await sendDigests(second, { now: TUESDAY, graphqlUrl: stack.graphqlUrl });
    expect(await mailsTo(world.daily.email)).toHaveLength(2);
    expect(await mailsTo(world.qam.email)).toHaveLength(1);
  });

  it('unsubscribes in one click (RFC 8058), and refuses a forged or altered link, changing nothing', async () => {
    const [mail] = await mailsTo(world.admin.email);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1]!);
    expect(url.origin).toBe(ORIGIN);
    expect(mail!.text_body).toContain(`Unsubscribe: ${url.href}`);
    const path = `${url.pathname}${url.search}`;
    const setting = async () =>
      (await stack.sql.query('select email_digest from users where id = $1', [world.admin.id])).rows[0]
        .email_digest;

    const token = url.searchParams.get('token')!;
    const [body, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ u: world.qam.id, exp: 4102444800 })).toString('base64url');
    const forgeries = [
      `${otherUser}.${signature}`, // another user's id under this link's signature
      `${body}.${signature!.slice(0, -2)}xx`, // the signature altered
      `${body}.${signature}.extra`,
      'nonsense',
      '',
      `${body}.${signature}`.repeat(40), // oversized
    ];
    for (const forged of forgeries) {
      const page = await stack.app.inject({
        method: 'GET',
        url: `/api/digests/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).not.toContain('<button');
      const refused = await stack.app.inject({
        method: 'POST',
        url: `/api/digests/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await setting()).toBe('WEEKLY');

    const shown = await stack.app.inject({ method: 'GET', url: path });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await setting()).toBe('WEEKLY');

    const done = await stack.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(await setting()).toBe('OFF');
  });

  it("runs as the scheduler's send-digests job, on the day of the app's injected clock", async () => {
    const scheduled = await buildApp(
      loadConfig(
        testEnv(stack.database.url, { SCHEDULER_ENABLED: 'true', HASURA_GRAPHQL_URL: stack.graphqlUrl }),
      ),
      { clock: () => WEDNESDAY },
    );
    await scheduled.ready();
    try {
      await expect.poll(() => scheduled.scheduler.running(), { timeout: 15_000 }).toBe(true);
      await quickAddJob({ connectionString: stack.database.url }, 'send-digests', {});
      await expect.poll(async () => (await mailsTo(world.daily.email)).length, { timeout: 15_000 }).toBe(3);
      expect((await mailsTo(world.daily.email))[2]!.subject).toBe('Your daily digest: 03/03/2027');
      expect(await mailsTo(world.qam.email)).toHaveLength(1);
    } finally {
      await scheduled.close();
    }
  });
});
