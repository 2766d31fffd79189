import { createHmac } from 'node:crypto';
import { formatDisplayDate, portalToday } from '@portal/domain';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import {
  addPracticeRole,
  createAssessment,
  createPractice,
  createUser,
  dayFromToday,
} from '@portal/testkit/factories';
import {
  createAccreditation,
  createActivity,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/report-factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_PLAN_REPORT_MESSAGES } from '../../services/assessments/get-action-plan-report.ts';

type Who = 'pm' | 'qam' | 'surveyor' | 'stranger' | 'otherPm';

describe('GET /api/assessments/:id/action-plan-report', () => {
  let ctx: TestContext;
  const tokens = {} as Record<Who, string>;
  let actionRequiredId: number;
  let underReviewId: number;
  let inProgressId: number;
  let selfId: number;
  let otherPracticeId: number;
  const due = dayFromToday(20);

  const download = (id: number | string, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/assessments/${id}/action-plan-report`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    const { sql } = ctx;
    const users = {
      pm: await createUser(sql, { firstName: 'Pat', lastName: 'Manager' }),
      qam: await createUser(sql, { isQam: true }),
      surveyor: await createUser(sql, { isSurveyor: true }),
      stranger: await createUser(sql),
      otherPm: await createUser(sql),
    };
    const practice = await createPractice(sql, { name: 'Bayside Medical Centre' });
    await addPracticeRole(sql, practice.id, users.pm.id, 'PM');
    await addPracticeRole(sql, practice.id, users.surveyor.id, 'SU');
    const standards = await createStandards(sql, { sets: 2, indicatorsPerSet: 3 });
    const idOf = (code: string) => standards.indicators.find((i) => i.code === code)!.id;
    const accreditation = await createAccreditation(sql, practice.id, standards.surveyVersionId);
    const survey = async (status: string, actionPlanDue?: string) =>
      (
        await createAssessment(sql, accreditation, {
          status,
          due_date: '2026-04-30',
          action_plan_due: actionPlanDue ?? null,
          survey_visit_id: await createSurveyVisit(sql, accreditation, { visitorIds: [users.surveyor.id] }),
        })
      ).id;

    actionRequiredId = await survey('ACTION_REQUIRED', due);
    await createResponse(sql, actionRequiredId, idOf('S1.1A'), { compliance: 'MET' });
    // Created out of the standards' order: the report sorts them.
    const minor = await createResponse(sql, actionRequiredId, idOf('S2.1A'), {
      compliance: 'NOT_MET',
      nonComplianceStatement: 'Two staff files lack a current police check.',
      nonComplianceType: 'Documentation',
      riskType: 'Workforce',
      riskLikelihood: 'LOW',
      riskImpact: 'LOW',
      actionPlan: 'Obtain the missing checks and add a renewal reminder.',
      nonConformityStatus: 'CLOSED',
      dateClosed: '2026-11-20',
      referToCa: true,
    });
    await createActivity(sql, minor, { description: 'ARCHIVED ACTIVITY', archived: true });
    const major = await createResponse(sql, actionRequiredId, idOf('S1.2A'), {
      compliance: 'NOT_MET',
      nonComplianceStatement: 'The vaccine fridge log has gaps of up to four days.',
      nonComplianceType: 'Process',
      riskType: 'Patient safety',
      riskLikelihood: 'HIGH',
      riskImpact: 'MODERATE',
      actionPlan:
        'Record the fridge temperature twice a day, train every nurse in the cold chain procedure and audit the log monthly for three months.',
    });
    await createActivity(sql, major, {
      description: 'Buy a data logger for the vaccine fridge',
      responsible: 'Practice manager',
      dueDate: '2026-12-15',
      closedOn: '2026-11-25',
    });
    await createActivity(sql, major, {
      description: 'Train the nursing team in the cold chain procedure',
      responsible: 'Nurse lead',
      dueDate: '2027-01-20',
    });
    await createResponse(sql, actionRequiredId, idOf('S2.2A'), {
      compliance: 'NOT_MET',
      nonComplianceStatement: 'ARCHIVED RESPONSE',
      archived: true,
    });

    underReviewId = await survey('UNDER_REVIEW');
    inProgressId = await survey('IN_PROGRESS');
    selfId = (await createAssessment(sql, accreditation, { due_date: '2026-04-30' })).id;

    const other = await createPractice(sql, { name: 'Other Practice' });
    await addPracticeRole(sql, other.id, users.otherPm.id, 'PM');
    const otherAccreditation = await createAccreditation(sql, other.id, standards.surveyVersionId);
    otherPracticeId = (
      await createAssessment(sql, otherAccreditation, {
        status: 'ACTION_REQUIRED',
        due_date: '2026-04-30',
        survey_visit_id: await createSurveyVisit(sql, otherAccreditation),
      })
    ).id;

    for (const [key, user] of Object.entries(users)) {
      tokens[key as Who] = (await signIn(ctx.app, user.email, user.password)).accessToken;
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('gives the practice its action plan: every non-conformity with its risk, plan, activities and status', async () => {
    const response = await download(actionRequiredId, tokens.pm);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const today = portalToday();
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bayside-medical-centre-action-plan-${today}.pdf"; ` +
        `filename*=UTF-8''bayside-medical-centre-action-plan-${today}.pdf`,
    );
    const pages = await pdfPageTexts(response.rawPayload);
    const text = pages.join('\n');
    const flat = text.replace(/\n/g, ' ');

    // Header: practice, visit type and date, status, due date and days left.
    expect(text).toContain('ACTION PLAN REPORT');
    expect(text).toContain('Bayside Medical Centre');
    expect(text).toContain('VISIT DATE\n10/03/2026');
    expect(text).toContain('STATUS\nAction required');
    expect(text).toContain(`ACTION PLAN DUE\n${formatDisplayDate(due)}`);
    expect(text).toContain('DAYS LEFT\n20 days left');
    // Summary: two non-conformities (the archived one and the Met do not count).
    expect(pages[0]).toContain('NOT MET\n2');
    expect(pages[0]).toContain('OPEN\n1');
    expect(pages[0]).toContain('CLOSED\n1\nof 2');
    expect(pages[0]).toContain('REFERRED TO CA\n1');
    expect(pages[0]).toContain('MAJOR RISK\n1\n1 open');
    expect(pages[0]).toContain('MINOR RISK\n1\n0 open');
    expect(pages[0]).toContain('CRITICAL RISK\n0\n0 open');

    // Every non-conformity in the standards' order, nothing else.
    const s12 = text.indexOf('\nS1.2A\n');
    const s21 = text.indexOf('\nS2.1A\n');
    expect(s12).toBeGreaterThan(0);
    expect(s21).toBeGreaterThan(s12);
    expect(text).not.toContain('\nS1.1A\n');
    expect(text).not.toContain('ARCHIVED');

    // The open Major one: statement, type, risk, the reviewer's plan and both activities.
    const first = flat.slice(flat.indexOf(' S1.2A '), flat.indexOf(' S2.1A '));
    expect(first).toContain('Indicator S1.2A: the practice does what it should.');
    expect(first).toContain('Open');
    expect(first).toContain('Major risk');
    expect(first).toContain(
      'Likelihood: High · Impact: Moderate · Risk type: Patient safety · Type: Process',
    );
    expect(first).toContain('NON-COMPLIANCE STATEMENT The vaccine fridge log has gaps of up to four days.');
    expect(first).toContain(
      'ACTION PLAN Record the fridge temperature twice a day, train every nurse in the cold chain procedure and audit the log monthly for three months.',
    );
    expect(first).toContain('ACTIVITIES (2)');
    expect(first).toContain(
      'Buy a data logger for the vaccine fridge Practice manager 15/12/2026 Closed 25/11/2026',
    );
    expect(first).toContain('Train the nursing team in the cold chain procedure Nurse lead 20/01/2027 Open');
    expect(first).not.toContain('Referred to CA');

    // The closed, referred Minor one, without activities.
    const second = flat.slice(flat.indexOf(' S2.1A '));
    expect(second).toContain('Closed 20/11/2026');
    expect(second).toContain('Minor risk');
    expect(second).toContain('Referred to CA');
    expect(second).toContain('Two staff files lack a current police check.');
    expect(second).toContain('Obtain the missing checks and add a renewal reminder.');
    expect(second).toContain('No activities have been added.');

    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain(`Generated on ${formatDisplayDate(today)}`);
    });
  });

  it('gives the reviewer and the surveyor a survey under review, which has no non-conformities yet', async () => {
    for (const who of ['qam', 'surveyor'] as const) {
      const response = await download(underReviewId, tokens[who]);
      expect(response.statusCode).toBe(200);
      const text = (await pdfPageTexts(response.rawPayload)).join('\n');
      expect(text).toContain('STATUS\nUnder review');
      expect(text).toContain('ACTION PLAN DUE\n\u2014');
      expect(text).toContain('This survey has no non-conformities.');
    }
  });

  it('refuses the practice manager while the survey is under review (its findings are not theirs yet)', async () => {
    const response = await download(underReviewId, tokens.pm);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: ACTION_PLAN_REPORT_MESSAGES.notAvailable });
  });

  it('refuses a survey in progress, whoever asks, and a self assessment', async () => {
    for (const who of ['qam', 'surveyor', 'pm'] as const) {
      const response = await download(inProgressId, tokens[who]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'forbidden',
        message: ACTION_PLAN_REPORT_MESSAGES.notAvailable,
      });
    }
    const self = await download(selfId, tokens.qam);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ code: 'forbidden', message: ACTION_PLAN_REPORT_MESSAGES.surveyOnly });
  });

  it('answers a stranger, another practice’s manager and an unknown id alike: 404, twice', async () => {
    const unknown = await download(999999, tokens.pm);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'There is no such assessment.' });
    for (let round = 0; round < 2; round++) {
      const stranger = await download(actionRequiredId, tokens.stranger);
      const otherPm = await download(actionRequiredId, tokens.otherPm);
      const foreign = await download(otherPracticeId, tokens.pm);
      for (const response of [stranger, otherPm, foreign]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(unknown.json());
      }
    }
    // The other practice's own manager gets theirs.
    expect((await download(otherPracticeId, tokens.otherPm)).statusCode).toBe(200);
  });

  it('needs a valid bearer token and a numeric id', async () => {
    expect((await download(actionRequiredId)).statusCode).toBe(401);
    expect((await download(actionRequiredId, 'not-a-token')).statusCode).toBe(401);
    expect((await download('abc', tokens.pm)).statusCode).toBe(400);
  });

  it('refuses a token signed with another key, and ids that cannot be one, with a clear 400', async () => {
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const [, claims] = tokens.pm!.split('.');
    const head = encode({ alg: 'HS256', typ: 'JWT' });
    const forged = `${head}.${claims}.${createHmac('sha256', 'another-key-of-at-least-32-characters!!').update(`${head}.${claims}`).digest('base64url')}`;
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${claims}.`;
    for (const token of [forged, unsigned])
      expect((await download(actionRequiredId, token)).statusCode, token.slice(0, 12)).toBe(401);
    const ids = ['0', '-1', '1.5', '1e3', '0x10', '%207', '2147483648', '99999999999999999999', '%00'];
    const answers = [];
    for (const id of ids) {
      const response = await download(id, tokens.pm);
      answers.push([id, response.statusCode, response.json().code]);
    }
    expect(answers).toEqual(ids.map((id) => [id, 400, 'invalid_input']));
    expect((await download(2_147_483_647, tokens.pm)).statusCode).toBe(404);
  });
});
