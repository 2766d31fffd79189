import { formatDisplayDate, portalToday } from '@portal/domain';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import {
  createAccreditation,
  createComments,
  createGeneralComment,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/report-factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../plugins/app/db.ts';
import { getAssessmentReport } from '../../services/assessments/get-assessment-report.ts';
import { callerOfUser } from '../../services/practices/practice-access.ts';

describe('GET /api/assessments/:id/report', () => {
  let ctx: TestContext;
  const tokens: Record<'pm' | 'qam' | 'surveyor' | 'otherPm', string> = {
    pm: '',
    qam: '',
    surveyor: '',
    otherPm: '',
  };
  let pmId: number;
  let codes: string[];
  let selfId: number;
  let surveyInProgressId: number;
  let surveyUnderReviewId: number;
  let otherPracticeAssessmentId: number;

  const download = (id: number | string, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/assessments/${id}/report`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    const { sql } = ctx;
    const pm = await createUser(sql, { firstName: 'Pat', lastName: 'Manager' });
    const qam = await createUser(sql, { isQam: true });
    const surveyor = await createUser(sql, { isSurveyor: true, firstName: 'Sam', lastName: 'Surveyor' });
    const second = await createUser(sql, { isSurveyor: true, firstName: 'Ana', lastName: 'Bell' });
    const otherPm = await createUser(sql);
    pmId = pm.id;

    const practice = await createPractice(sql, { name: 'Café Ōtautahi Family Practice' });
    await addPracticeRole(sql, practice.id, pm.id, 'PM');
    await addPracticeRole(sql, practice.id, surveyor.id, 'SU');
    // 150 indicators, some with names long enough to wrap.
    const standards = await createStandards(sql, {
      sets: 10,
      indicatorsPerSet: 15,
      questionsPerIndicator: 2,
      itemsPerQuestion: 3,
      indicatorName: (s, i) =>
        i % 4 === 0
          ? `Indicator ${s}.${i}: the practice keeps a current, documented and regularly reviewed process for this part of care, and every member of the team can explain it.`
          : `Indicator ${s}.${i}: the practice does what it should.`,
    });
    codes = standards.indicators.map((i) => i.code);
    const idOf = (code: string) => standards.indicators.find((i) => i.code === code)!.id;
    const accreditation = await createAccreditation(sql, practice.id, standards.surveyVersionId);

    selfId = (await createAssessment(sql, accreditation, { due_date: '2026-04-30' })).id;
    const complete = await createResponse(sql, selfId, idOf('S1.1A'), {
      isMarkedComplete: true,
      checklists: { '1': { '1': true, '2': true }, '2': { '1': true } },
      // No control character: the database refuses them (docs/security.md); older rows that hold
      // one are made safe by pdfSafeText (packages/pdf/src/kit/text.test.ts).
      observation: 'Log sheet drafted 🙂 for the fridge — 東京 clinic note.',
    });
    await createComments(sql, practice.id, complete, 4, 1);
    await createResponse(sql, selfId, idOf('S1.2A'), { compliance: 'NOT_APPLICABLE' });
    await createResponse(sql, selfId, idOf('S1.3A'), {
      isMarkedComplete: true,
      observation: 'ARCHIVED OBSERVATION',
      archived: true,
    });
    await createResponse(sql, selfId, idOf('S2.1A'), {
      isMarkedComplete: true,
      reviewed: true,
      furtherActionRequired: true,
    });

    const visitInProgress = await createSurveyVisit(sql, accreditation, { visitorIds: [surveyor.id] });
    surveyInProgressId = (
      await createAssessment(sql, accreditation, { survey_visit_id: visitInProgress, due_date: '2026-04-30' })
    ).id;
    const visitUnderReview = await createSurveyVisit(sql, accreditation, {
      visitorIds: [surveyor.id, second.id],
      lead: true,
      startTime: '09:00',
      endTime: '16:30',
    });
    surveyUnderReviewId = (
      await createAssessment(sql, accreditation, {
        survey_visit_id: visitUnderReview,
        status: 'UNDER_REVIEW',
        due_date: '2026-04-30',
      })
    ).id;
    await createResponse(sql, surveyUnderReviewId, idOf('S1.1A'), {
      compliance: 'MET',
      checklists: { '1': { '1': true }, '2': { '1': true } },
    });
    await createResponse(sql, surveyUnderReviewId, idOf('S1.2A'), {
      compliance: 'NOT_MET',
      nonComplianceStatement: 'The vaccine fridge log has gaps of up to four days.',
      nonComplianceType: 'Process',
      riskType: 'Patient safety',
      riskLikelihood: 'HIGH',
      riskImpact: 'MODERATE',
    });
    await createResponse(sql, surveyUnderReviewId, idOf('S1.3A'), {
      compliance: 'NOT_MET',
      nonComplianceStatement: 'One emergency drug is past its expiry date.',
      nonComplianceType: 'Equipment',
      riskType: 'Patient safety',
      riskLikelihood: 'LOW',
      riskImpact: 'LOW',
      nonConformityStatus: 'CLOSED',
    });
    await createResponse(sql, surveyUnderReviewId, idOf('S2.1A'), { compliance: 'NOT_APPLICABLE' });
    await createGeneralComment(
      sql,
      surveyUnderReviewId,
      surveyor.id,
      'A well-run practice with an engaged team.\nThe cold chain needs attention before the next flu season.',
    );
    await createGeneralComment(sql, surveyUnderReviewId, second.id, 'ARCHIVED SUMMARY', true);
    await createGeneralComment(sql, surveyUnderReviewId, second.id, 'Records are complete and well kept.');

    const other = await createPractice(sql, { name: 'Other Practice' });
    await addPracticeRole(sql, other.id, otherPm.id, 'PM');
    otherPracticeAssessmentId = (
      await createAssessment(sql, await createAccreditation(sql, other.id, standards.surveyVersionId), {
        due_date: '2026-04-30',
      })
    ).id;

    for (const [key, user] of Object.entries({ pm, qam, surveyor, otherPm })) {
      tokens[key as keyof typeof tokens] = (await signIn(ctx.app, user.email, user.password)).accessToken;
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('gives the practice manager the self assessment as a PDF attachment named after the practice', async () => {
    const response = await download(selfId, tokens.pm);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const today = portalToday();
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cafe-otautahi-family-practice-self-assessment-report-${today}.pdf"; ` +
        `filename*=UTF-8''caf%C3%A9-%C5%8Dtautahi-family-practice-self-assessment-report-${today}.pdf`,
    );

    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join('\n');
    // Every indicator, in the standards' order.
    const positions = codes.map((code) => text.indexOf(`\n${code}\n`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The header: practice, type, status, due date; the counts (2 of 150 complete: the archived
    // response does not count).
    // The embedded fonts write the macron (the standard fonts had to drop it).
    expect(text).toContain('Café Ōtautahi Family Practice');
    expect(text).toContain('Self Assessment');
    expect(text).toContain('In progress');
    expect(text).toContain('30/04/2026');
    expect(text).toContain('of 150');
    expect(pages[0]).toContain('INDICATORS COMPLETE\n3\nof 150 (2%)');
    // Answers, flags, comments (archived comments not counted), observations made safe.
    expect(text).toContain('Marked complete');
    expect(text).toContain('Not applicable');
    expect(text).toContain('Not answered');
    expect(text).toContain('3 comments');
    expect(text).toContain('Reviewed');
    expect(text).toContain('Further action required');
    expect(text).toContain('OPPORTUNITIES FOR IMPROVEMENT');
    expect(text).toContain('Log sheet drafted for the fridge \u2014 ?? clinic note.');
    expect(text).not.toContain('ARCHIVED OBSERVATION');
    // Checklists: questions and items.
    expect(text).toContain('1. Question 1 of S1.1A: is it in place and working?');
    expect(text).toContain('Item 3 of question 2');
    // Footers: page numbers and the generation date on every page.
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain(`Generated on ${formatDisplayDate(today)}`);
    });
  });

  it('builds a 150-indicator report in a few statements, seconds of CPU at most', async () => {
    let statements = 0;
    const counted: Queryable = {
      many: (query) => {
        statements++;
        return ctx.app.db.many(query);
      },
      maybeOne: (query) => {
        statements++;
        return ctx.app.db.maybeOne(query);
      },
      one: (query) => {
        statements++;
        return ctx.app.db.one(query);
      },
    };
    const started = process.cpuUsage();
    const report = await getAssessmentReport(counted, callerOfUser({ id: pmId, role: 'user' }), {
      assessmentId: selfId,
    });
    const cpu = process.cpuUsage(started);
    expect(report.pdf.byteLength).toBeGreaterThan(0);
    // Access (the shared loader: assessment, roles, visits, submission), the header and one
    // statement for every indicator: a fixed few, never one per indicator.
    expect(statements).toBeLessThanOrEqual(7);
    // The process's CPU, so a bound against work per indicator (seconds each), not a speed target:
    // it took 1.1 s beside a whole suite on two busy cores. How fast the report is belongs to
    // `npm run bench -- pdf`.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(3000);
  });

  it('shows a survey under review with compliance, the non-compliance statement and the risk rating', async () => {
    const response = await download(surveyUnderReviewId, tokens.qam);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('-survey-report-');
    const text = (await pdfPageTexts(response.rawPayload)).join('\n');
    expect(text).toContain('Survey');
    expect(text).toContain('Under review');
    expect(text).toContain('\nMet\n');
    expect(text).toContain('\nNot met\n');
    expect(text).toContain('NON-COMPLIANCE STATEMENT');
    expect(text).toContain('The vaccine fridge log has gaps of up to four days.');
    expect(text).toContain('Major risk');
    expect(text).toContain('Likelihood: High');
    expect(text).toContain('Impact: Moderate');
  });

  it('gives a survey its visit, risk summary and surveyor summaries', async () => {
    const response = await download(surveyUnderReviewId, tokens.qam);
    const text = (await pdfPageTexts(response.rawPayload)).join('\n');
    // The visit: type, date, times and the team, the lead first.
    expect(text).toContain('The visit');
    expect(text).toContain('Type of visit\nSurvey');
    expect(text).toContain('Date\n10/03/2026');
    expect(text).toContain('Times\n9:00 am to 4:30 pm');
    expect(text).toContain('Lead surveyor\nSam Surveyor\nSurveyor\nAna Bell');
    // Risk summary: compliance of the 150 indicators, non-conformities per rating open and closed.
    expect(text).toContain('Risk summary');
    expect(text).toContain(
      'COMPLIANCE\nINDICATORS\nMet\n1\nNot met\n2\nNot applicable\n1\nNot answered\n146\nAll indicators\n150',
    );
    expect(text).toContain(
      'NON-CONFORMITIES BY RISK RATING\nTOTAL\nOPEN\nCLOSED\nCritical\n0\n0\n0\nMajor\n1\n1\n0\nModerate\n0\n0\n0\nMinor\n1\n0\n1\nAll non-conformities\n2\n1\n1',
    );
    // The live summaries with their authors; the archived one is left out.
    expect(text).toContain('Surveyor summaries');
    expect(text).toContain(
      'Sam Surveyor\nA well-run practice with an engaged team.\nThe cold chain needs attention before the next flu season.',
    );
    expect(text).toContain('Ana Bell\nRecords are complete and well kept.');
    expect(text).not.toContain('ARCHIVED SUMMARY');
  });

  it('keeps the self assessment report without the survey’s sections', async () => {
    const text = (await pdfPageTexts((await download(selfId, tokens.pm)).rawPayload)).join('\n');
    expect(text).not.toContain('Risk summary');
    expect(text).not.toContain('Surveyor summaries');
    expect(text).not.toContain('The visit');
  });

  it('answers an unknown assessment and another practice’s alike: 404', async () => {
    const unknown = await download(999999, tokens.pm);
    const foreign = await download(otherPracticeAssessmentId, tokens.pm);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'There is no such assessment.' });
    // Its own practice manager gets it.
    expect((await download(otherPracticeAssessmentId, tokens.otherPm)).statusCode).toBe(200);
  });

  it('refuses a survey visit in progress: the practice cannot read it, the surveyor has no Report button', async () => {
    const pm = await download(surveyInProgressId, tokens.pm);
    expect(pm.statusCode).toBe(403);
    expect(pm.json().code).toBe('forbidden');
    const surveyor = await download(surveyInProgressId, tokens.surveyor);
    expect(surveyor.statusCode).toBe(403);
    expect(surveyor.json()).toEqual({
      code: 'forbidden',
      message: 'The report of this assessment cannot be downloaded in its current status.',
    });
    // Once under review the surveyor may.
    expect((await download(surveyUnderReviewId, tokens.surveyor)).statusCode).toBe(200);
  });

  it('needs a valid bearer token and a numeric id', async () => {
    expect((await download(selfId)).statusCode).toBe(401);
    expect((await download(selfId, 'not-a-token')).statusCode).toBe(401);
    expect((await download('abc', tokens.pm)).statusCode).toBe(400);
  });

  it('says so when the cycle has no standards yet', async () => {
    const practice = await createPractice(ctx.sql);
    await addPracticeRole(ctx.sql, practice.id, pmId, 'PM');
    const accreditation = await createAccreditation(ctx.sql, practice.id, null);
    const { id: bare } = await createAssessment(ctx.sql, accreditation, { due_date: '2026-04-30' });
    const response = await download(bare, tokens.pm);
    expect(response.statusCode).toBe(200);
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('This assessment has no indicators.');
  });
});
