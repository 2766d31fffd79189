import {
  formatDisplayDate,
  portalToday,
  SURVEY_CONFIRMATION_MESSAGES,
  SURVEY_PREPARATION,
} from '@portal/domain';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import {
  addPracticeRole,
  addSurveyVisitor,
  createAccreditation,
  createAddress,
  createPractice,
  createSurveyVisit,
  createUser,
} from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Who = 'pm' | 'su' | 'lead' | 'offered' | 'qam' | 'admin' | 'otherPm' | 'inactivePm';

describe('GET /api/survey-visits/:id/confirmation', () => {
  let ctx: TestContext;
  const tokens = {} as Record<Who, string>;
  let practiceId: number;
  let sentId: number;
  let receivedId: number;
  let notSentId: number;
  let archivedId: number;
  let inactivePracticeVisitId: number;

  const download = (id: number | string, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/survey-visits/${id}/confirmation`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    const { sql } = ctx;
    const users = {
      pm: await createUser(sql, { firstName: 'Pat', lastName: 'Manager' }),
      su: await createUser(sql, { isSurveyor: true }),
      lead: await createUser(sql, { firstName: 'Lee', lastName: 'Zhang', isSurveyor: true }),
      offered: await createUser(sql, { isSurveyor: true }),
      qam: await createUser(sql, { isQam: true }),
      admin: await createUser(sql, { isAdmin: true }),
      otherPm: await createUser(sql),
      inactivePm: await createUser(sql),
    };
    await sql.query(`update users set title = 'DR' where id = $1`, [users.lead.id]);
    const second = await createUser(sql, { firstName: 'Ana', lastName: 'Bell', isSurveyor: true });

    const address = await createAddress(sql, {
      unit: 'Suite 2',
      street: '14 Harbour Road',
      suburb: 'Manly',
      state: 'NSW',
      postcode: '2095',
    });
    const practice = await createPractice(sql, {
      name: 'Harbour Road Family Practice',
      organisation: { physical_address_id: address.id, phone: '02 9000 1234', email: 'hello@harbour.test' },
    });
    practiceId = practice.id;
    await addPracticeRole(sql, practice.id, users.pm.id, 'PM');
    await addPracticeRole(sql, practice.id, users.su.id, 'SU');
    const accreditation = await createAccreditation(sql, practice.id);

    const visit = (columns: Record<string, unknown>) =>
      createSurveyVisit(sql, accreditation.id, {
        type: 'ACCREDITATION',
        status: 'FINAL',
        date: '2026-03-17',
        due: '2026-03-01',
        start_time: '09:00',
        end_time: '16:30',
        reason_for_visit: 'REACCREDITATION',
        ...columns,
      });
    const sent = await visit({ confirmation_form_status: 'SENT' });
    sentId = sent.id;
    await addSurveyVisitor(sql, sentId, second.id, 'ACCEPTED');
    await addSurveyVisitor(sql, sentId, users.lead.id, 'ACCEPTED', { is_lead: true });
    await addSurveyVisitor(sql, sentId, users.offered.id, 'OFFERED');

    const received = await visit({
      type: 'SURVEILLANCE',
      confirmation_form_status: 'RECEIVED',
      confirmation_received_at: new Date(),
      confirmation_received_by_id: users.pm.id,
    });
    receivedId = received.id;
    notSentId = (await visit({ confirmation_form_status: 'NOT_SENT' })).id;
    archivedId = (await visit({ confirmation_form_status: 'SENT', archived: true })).id;

    const other = await createPractice(sql, { name: 'Other Practice' });
    await addPracticeRole(sql, other.id, users.otherPm.id, 'PM');
    const inactive = await createPractice(sql, { activeStatus: 'INACTIVE' });
    await addPracticeRole(sql, inactive.id, users.inactivePm.id, 'PM');
    inactivePracticeVisitId = (
      await createSurveyVisit(sql, (await createAccreditation(sql, inactive.id)).id, {
        confirmation_form_status: 'SENT',
      })
    ).id;
    await addSurveyVisitor(sql, inactivePracticeVisitId, users.lead.id, 'ACCEPTED');

    for (const [key, user] of Object.entries(users)) {
      tokens[key as Who] = (await signIn(ctx.app, user.email, user.password)).accessToken;
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('gives the practice the form it is asked to confirm: the visit, the team (lead first) and where to confirm', async () => {
    const response = await download(sentId, tokens.pm);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="harbour-road-family-practice-survey-confirmation-2026-03-17.pdf"; ` +
        `filename*=UTF-8''harbour-road-family-practice-survey-confirmation-2026-03-17.pdf`,
    );
    const pages = await pdfPageTexts(response.rawPayload);
    const text = pages.join('\n');
    expect(text).toContain('SURVEY CONFIRMATION FORM');
    expect(text).toContain('Harbour Road Family Practice');
    expect(text).toContain('Suite 2, 14 Harbour Road, Manly NSW 2095');
    expect(text).toContain('17/03/2026');
    expect(text).toContain('9:00 am to 4:30 pm');
    expect(text).toContain('Re-accreditation (renewal of the cycle)');
    expect(text).toContain('March 2026');
    expect(text).toContain('02 9000 1234');
    expect(text).toContain('hello@harbour.test');
    expect(text).toContain('AWAITING CONFIRMATION');
    // The accepted team only, the lead first (with title); the offered surveyor is not on it.
    const lead = text.indexOf('Lead surveyor\nDr Lee Zhang');
    const member = text.indexOf('Surveyor\nAna Bell');
    expect(lead).toBeGreaterThan(0);
    expect(member).toBeGreaterThan(lead);
    expect(text.match(/\nSurveyor\n/g)).toHaveLength(1);
    expect(text).toContain(`http://portal.test:3000/Practice/SurveyConfirmation/${practiceId}`);
    // The visit's start and end times, each on its own row.
    expect(text).toContain('Start time\n9:00 am');
    expect(text).toContain('End time\n4:30 pm');
    // What the practice must prepare: every point of the domain's checklist, whole (wrapped lines
    // joined again).
    const flat = text.replace(/\n/g, ' ');
    expect(text).toContain(SURVEY_PREPARATION.heading);
    for (const point of SURVEY_PREPARATION.checklist) expect(flat).toContain(point);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain(`Generated on ${formatDisplayDate(portalToday())}`);
    });
  });

  it('spec 000 §9: prints a practice phone of another country in its international form', async () => {
    const { sql } = ctx;
    const practice = await createPractice(sql, {
      name: 'Tasman Family Practice',
      organisation: { phone: '04 472 3000', phone_country_code: 'NZ' },
    });
    const pm = await createUser(sql);
    await addPracticeRole(sql, practice.id, pm.id, 'PM');
    const visit = await createSurveyVisit(sql, (await createAccreditation(sql, practice.id)).id, {
      confirmation_form_status: 'SENT',
    });
    const response = await download(visit.id, (await signIn(ctx.app, pm.email, pm.password)).accessToken);
    expect(response.statusCode).toBe(200);
    expect((await pdfPageTexts(response.rawPayload)).join('\n')).toContain('Phone\n+64 4 472 3000');
  });

  it('says who confirmed a received form, and when', async () => {
    const response = await download(receivedId, tokens.qam);
    expect(response.statusCode).toBe(200);
    const text = (await pdfPageTexts(response.rawPayload)).join('\n');
    expect(text).toContain('Surveillance');
    expect(text).toContain('CONFIRMED');
    expect(text).not.toContain('AWAITING CONFIRMATION');
    expect(text).toContain('Pat Manager confirmed these details for the practice on ');
    expect(text).toContain('The survey team will be confirmed before the visit.');
  });

  it('is for whoever may read the visit: the practice, its visitors (even only offered) and the back office', async () => {
    const outcomes: Record<string, number> = {};
    for (const who of Object.keys(tokens) as Who[]) {
      outcomes[who] = (await download(sentId, tokens[who])).statusCode;
    }
    expect(outcomes).toEqual({
      pm: 200,
      su: 200,
      lead: 200,
      offered: 200,
      qam: 200,
      admin: 200,
      otherPm: 404,
      inactivePm: 404,
    });
    // An inactive practice's own people lose it; its visitor keeps it.
    expect((await download(inactivePracticeVisitId, tokens.inactivePm)).statusCode).toBe(404);
    expect((await download(inactivePracticeVisitId, tokens.lead)).statusCode).toBe(200);
  });

  it("answers another practice's visit, an archived one and an unknown id alike", async () => {
    for (const [id, token] of [
      [sentId, tokens.otherPm],
      [archivedId, tokens.pm],
      [2_000_000_000, tokens.admin],
    ] as const) {
      const response = await download(id, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: SURVEY_CONFIRMATION_MESSAGES.noSuchVisit });
    }
  });

  it('refuses a visit whose form was never sent, with its reason', async () => {
    const response = await download(notSentId, tokens.pm);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: SURVEY_CONFIRMATION_MESSAGES.notSent });
  });

  it('needs a valid token and a sensible id', async () => {
    expect((await download(sentId)).statusCode).toBe(401);
    expect((await download(sentId, `${tokens.pm.slice(0, -4)}AAAA`)).statusCode).toBe(401);
    for (const id of ['abc', '0', '-1', '99999999999', '1%00']) {
      expect([id, (await download(id, tokens.pm)).statusCode]).toEqual([id, 400]);
    }
  });
});
