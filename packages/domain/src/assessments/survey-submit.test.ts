import { describe, expect, it } from 'vitest';
import { BLANK_RESPONSE, type TChecklistItemRef } from './indicator-response.ts';
import {
  AGREEMENT_VERSION,
  CONFIDENTIALITY_AGREEMENT,
  needsConfidentialityAgreement,
} from './survey-agreement.ts';
import {
  openNonConformities,
  SURVEY_SUBMIT_MESSAGES,
  summaryProblem,
  surveySubmitProblemFields,
  surveySubmitProblems,
  type TSurveySubmitIndicator,
  ZSurveyVisitorFormSchema,
} from './survey-submit.ts';

const items: TChecklistItemRef[] = [
  { question: 1, item: 1, mustHave: true },
  { question: 1, item: 2, mustHave: false },
  { question: 2, item: 1, mustHave: true },
];
const allMustHaves = { '1': { '1': true, '2': false }, '2': { '1': true } };
const nc = {
  non_compliance_statement: 'The log has gaps.',
  non_compliance_type: 'Process',
  risk_type: 'Clinical',
  risk_likelihood: 'HIGH',
  risk_impact: 'HIGH',
  risk_rating: 'CRITICAL',
} as const;

function indicator(id: number, response: Partial<TSurveySubmitIndicator['response'] & object> | null) {
  return {
    id,
    code: `C${id}.1A`,
    items,
    response: response === null ? null : { ...BLANK_RESPONSE, ...response },
  } satisfies TSurveySubmitIndicator;
}
const summary = { text: 'A well-run practice.' };

describe('surveySubmitProblems: Accreditation (also Relocation and Gap)', () => {
  it('passes when every indicator is rated and complete and the summary is written', () => {
    const indicators = [
      indicator(1, { compliance: 'MET', checklists: allMustHaves }),
      indicator(2, { compliance: 'NOT_MET', ...nc }),
      indicator(3, { compliance: 'NOT_APPLICABLE' }),
    ];
    for (const visitType of ['ACCREDITATION', 'RELOCATION', 'GAP', 'SURVEILLANCE'] as const)
      expect(surveySubmitProblems({ visitType, indicators, summary })).toEqual([]);
  });

  it('lists each indicator without a compliance (no response, or none chosen), with its id and code', () => {
    for (const visitType of ['ACCREDITATION', 'RELOCATION', 'GAP'] as const) {
      const problems = surveySubmitProblems({
        visitType,
        indicators: [
          indicator(1, null),
          indicator(2, { compliance: null, checklists: allMustHaves }),
          indicator(3, { compliance: 'NOT_APPLICABLE' }),
        ],
        summary,
      });
      expect(problems).toEqual([
        { kind: 'noCompliance', indicatorId: 1, code: 'C1.1A', message: 'No compliance selected' },
        { kind: 'noCompliance', indicatorId: 2, code: 'C2.1A', message: 'No compliance selected' },
      ]);
    }
  });

  it('a NOT_MET needs statement, type, impact, likelihood, rating and risk type: names each one missing', () => {
    const problems = surveySubmitProblems({
      visitType: 'ACCREDITATION',
      indicators: [
        indicator(1, { compliance: 'NOT_MET' }),
        indicator(2, { compliance: 'NOT_MET', ...nc, non_compliance_statement: '   ', risk_type: null }),
        indicator(3, { compliance: 'NOT_MET', ...nc }),
      ],
      summary,
    });
    expect(problems).toEqual([
      {
        kind: 'nonComplianceMissing',
        indicatorId: 1,
        code: 'C1.1A',
        fields: [
          'non_compliance_statement',
          'non_compliance_type',
          'risk_impact',
          'risk_likelihood',
          'risk_rating',
          'risk_type',
        ],
        message:
          'Not met needs non-compliance statement, non-compliance type, impact, likelihood, risk rating, risk type',
      },
      {
        kind: 'nonComplianceMissing',
        indicatorId: 2,
        code: 'C2.1A',
        fields: ['non_compliance_statement', 'risk_type'],
        message: 'Not met needs non-compliance statement, risk type',
      },
    ]);
  });

  it('a MET needs every must-have ticked (optional items may stay unticked)', () => {
    const problems = surveySubmitProblems({
      visitType: 'ACCREDITATION',
      indicators: [
        indicator(1, { compliance: 'MET', checklists: { '1': { '1': true, '2': true } } }),
        indicator(2, { compliance: 'MET', checklists: { '1': { '1': true }, '2': { '1': true } } }),
      ],
      summary,
    });
    expect(problems).toEqual([
      {
        kind: 'mustHavesUnticked',
        indicatorId: 1,
        code: 'C1.1A',
        message: SURVEY_SUBMIT_MESSAGES.mustHavesUnticked,
      },
    ]);
  });

  it('the summary must be there and not blank', () => {
    const indicators = [indicator(1, { compliance: 'NOT_APPLICABLE' })];
    expect(surveySubmitProblems({ visitType: 'ACCREDITATION', indicators, summary: null })).toEqual([
      {
        kind: 'summaryMissing',
        indicatorId: null,
        code: null,
        message: SURVEY_SUBMIT_MESSAGES.summaryMissing,
      },
    ]);
    const blank = surveySubmitProblems({ visitType: 'ACCREDITATION', indicators, summary: { text: ' \n ' } });
    expect(blank).toEqual([
      { kind: 'summaryEmpty', indicatorId: null, code: null, message: SURVEY_SUBMIT_MESSAGES.summaryEmpty },
    ]);
    expect(summaryProblem(blank)).toBe(true);
    expect(summaryProblem(surveySubmitProblems({ visitType: 'ACCREDITATION', indicators, summary }))).toBe(
      false,
    );
  });

  it("spec 001 §5: every surveyor's summary is checked, not only the submitter's", () => {
    const indicators = [indicator(1, { compliance: 'NOT_APPLICABLE' })];
    const problems = surveySubmitProblems({
      visitType: 'ACCREDITATION',
      indicators,
      summary,
      otherSummaries: [
        { userId: 7, name: 'Sam Surveyor', text: null },
        { userId: 8, name: 'Kim Surveyor', text: '  ' },
        { userId: 9, name: 'Lee Surveyor', text: 'Fine.' },
      ],
    });
    expect(problems).toEqual([
      {
        kind: 'otherSummaryMissing',
        indicatorId: null,
        code: null,
        userId: 7,
        message: SURVEY_SUBMIT_MESSAGES.otherSummaryMissing('Sam Surveyor'),
      },
      {
        kind: 'otherSummaryEmpty',
        indicatorId: null,
        code: null,
        userId: 8,
        message: SURVEY_SUBMIT_MESSAGES.otherSummaryEmpty('Kim Surveyor'),
      },
    ]);
    // Another's summary is no reason to open the submitter's own summary editor.
    expect(summaryProblem(problems)).toBe(false);
    expect(surveySubmitProblemFields(problems)).toEqual({
      'summary.7': SURVEY_SUBMIT_MESSAGES.otherSummaryMissing('Sam Surveyor'),
      'summary.8': SURVEY_SUBMIT_MESSAGES.otherSummaryEmpty('Kim Surveyor'),
    });
  });
});

describe('surveySubmitProblems: Surveillance', () => {
  it('an untouched indicator is fine; one whose checklist was started must be rated', () => {
    const problems = surveySubmitProblems({
      visitType: 'SURVEILLANCE',
      indicators: [
        indicator(1, null),
        indicator(2, { compliance: null }),
        indicator(3, { checklists: { '1': { '2': true } } }),
      ],
      summary,
    });
    expect(problems).toEqual([
      {
        kind: 'checklistNotRated',
        indicatorId: 3,
        code: 'C3.1A',
        message: SURVEY_SUBMIT_MESSAGES.checklistNotRated,
      },
    ]);
  });

  it('an unticked item does not count as started', () => {
    expect(
      surveySubmitProblems({
        visitType: 'SURVEILLANCE',
        indicators: [indicator(1, { checklists: { '1': { '1': false } } })],
        summary,
      }),
    ).toEqual([]);
  });

  it('a rated indicator follows the Accreditation rules, and the summary is required', () => {
    const problems = surveySubmitProblems({
      visitType: 'SURVEILLANCE',
      indicators: [
        indicator(1, { compliance: 'MET', checklists: { '1': { '1': true } } }),
        indicator(2, { compliance: 'NOT_MET', ...nc, risk_rating: null }),
      ],
      summary: null,
    });
    expect(problems.map((p) => [p.kind, p.indicatorId])).toEqual([
      ['mustHavesUnticked', 1],
      ['nonComplianceMissing', 2],
      ['summaryMissing', null],
    ]);
  });
});

describe('openNonConformities', () => {
  it('lists NOT_MET indicators still OPEN with their rating, not closed ones nor other compliances', () => {
    expect(
      openNonConformities([
        indicator(1, { compliance: 'NOT_MET', ...nc }),
        indicator(2, { compliance: 'NOT_MET', ...nc, non_conformity_status: 'CLOSED' }),
        indicator(3, { compliance: 'MET', checklists: allMustHaves }),
        indicator(4, { compliance: 'NOT_MET' }),
        indicator(5, null),
      ]),
    ).toEqual([
      { indicatorId: 1, code: 'C1.1A', rating: 'CRITICAL', ratingLabel: 'Critical' },
      { indicatorId: 4, code: 'C4.1A', rating: null, ratingLabel: null },
    ]);
  });
});

describe('ZSurveyVisitorFormSchema (the Submit for review form)', () => {
  const good = {
    actualStartTime: '08:30',
    actualEndTime: '16:45',
    hoursWorkedBeforeVisit: '3.5',
    hoursWorkedAfterVisit: '2',
    hoursWorkedConfirmed: true,
  };
  const messageOf = (form: object, field: string) =>
    ZSurveyVisitorFormSchema.safeParse(form).error?.issues.find((i) => i.path[0] === field)?.message;

  it('accepts HH:mm times and numbers of hours', () => {
    expect(ZSurveyVisitorFormSchema.parse(good)).toEqual(good);
    expect(
      ZSurveyVisitorFormSchema.safeParse({
        ...good,
        hoursWorkedBeforeVisit: '0',
        hoursWorkedAfterVisit: '998.75',
      }).success,
    ).toBe(true);
  });

  it('requires every field and the confirmation', () => {
    for (const field of [
      'actualStartTime',
      'actualEndTime',
      'hoursWorkedBeforeVisit',
      'hoursWorkedAfterVisit',
    ])
      expect(messageOf({ ...good, [field]: ' ' }, field)).toBe('Required.');
    expect(messageOf({ ...good, hoursWorkedConfirmed: false }, 'hoursWorkedConfirmed')).toBe(
      SURVEY_SUBMIT_MESSAGES.confirmRequired,
    );
  });

  it('refuses times not HH:mm and an end not after the start', () => {
    for (const time of ['8:30', '24:00', '08:60', '0830', '08:30:00'])
      expect(messageOf({ ...good, actualStartTime: time }, 'actualStartTime')).toBe(
        SURVEY_SUBMIT_MESSAGES.timeFormat,
      );
    expect(messageOf({ ...good, actualEndTime: '08:30' }, 'actualEndTime')).toBe(
      SURVEY_SUBMIT_MESSAGES.endBeforeStart,
    );
    expect(messageOf({ ...good, actualEndTime: '07:00' }, 'actualEndTime')).toBe(
      SURVEY_SUBMIT_MESSAGES.endBeforeStart,
    );
  });

  it('hours are numbers only', () => {
    for (const hours of ['-1', '1e2', 'two', '1000', '999.5', '1.234', '3\u0000'])
      expect(messageOf({ ...good, hoursWorkedAfterVisit: hours }, 'hoursWorkedAfterVisit')).toBe(
        SURVEY_SUBMIT_MESSAGES.hoursFormat,
      );
  });
});

describe('the confidentiality agreement', () => {
  it('is required in progress, on a survey, until signed', () => {
    expect(
      needsConfidentialityAgreement({ type: 'SURVEY_VISIT', status: 'IN_PROGRESS', hasSigned: false }),
    ).toBe(true);
    expect(
      needsConfidentialityAgreement({ type: 'SURVEY_VISIT', status: 'IN_PROGRESS', hasSigned: true }),
    ).toBe(false);
    expect(
      needsConfidentialityAgreement({ type: 'PRESURVEY', status: 'IN_PROGRESS', hasSigned: false }),
    ).toBe(false);
    for (const status of ['PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 'ACTION_REQUIRED'] as const)
      expect(needsConfidentialityAgreement({ type: 'SURVEY_VISIT', status, hasSigned: false })).toBe(false);
  });

  it('declares the previous three years, has two statements and a version', () => {
    expect(CONFIDENTIALITY_AGREEMENT.paragraphs.join(' ')).toMatch(/previous three years/);
    expect(CONFIDENTIALITY_AGREEMENT.statements).toHaveLength(2);
    expect(CONFIDENTIALITY_AGREEMENT.required).toBe('Agreement is required');
    expect(AGREEMENT_VERSION).toMatch(/^\S+$/);
  });
});
