import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  ASSESSMENT_MESSAGES,
  CERTIFICATE_MESSAGES,
  CONTROL_CHARACTER_MESSAGE,
  REVIEW_MESSAGES,
} from '@portal/domain';
import {
  type CastMember,
  createAccreditation,
  createAssessmentCast,
  createResponse,
  createStandards,
  createSubmission,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import {
  APPROVE,
  assessmentState,
  callAs,
  NOTIFY_REVIEWED,
  REOPEN_BECAUSE,
  refusal,
} from '@portal/testkit/assessment-test-kit';
import { addPracticeRole, createAssessment, createContact, createUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The review, approval, action plan and certificate actions probed as an attacker would, through
// the real engine with real tokens: no or forged token, another practice's assessment for its
// manager and its surveyor, ids that do not exist, are negative or do not fit an Int, control
// characters and oversized text, impossible dates. Every refusal is shown to change nothing: the
// assessment's rows, the certificates, the outbox and the stored files are read back.

let stack: TestStack;
let s3: S3Client;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', s3: true, env: { ASSESSMENT_BULK_TOOLS: 'true' } });
  s3 = new S3Client({
    endpoint: stack.s3!.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}, 60_000);
afterAll(async () => {
  s3?.destroy();
  await stack?.close();
});

const CREATE = `mutation ($a: Int!) { createActionPlan(assessmentId: $a) { id status } }`;
const CERTIFY = `mutation ($a: Int!, $c: String, $i: String, $e: String, $s: String, $k: String, $by: Int) {
  certifySurveyAssessment(assessmentId: $a, certificationDate: $c, issueDate: $i, expiryDate: $e,
    commencementDate: $s, condition: $k, certifiedById: $by) { id status certificateId } }`;
const CERTIFIERS = `{ certifiers { id name } }`;
const COMMENCEMENT = `query ($a: Int!) { potentialCommencementDate(assessmentId: $a) { date } }`;
const REOPEN = REOPEN_BECAUSE.replace('$r: String!', '$r: String! = "Probed"');

/** Each new assessment operation with the variables of a valid call on `a`. */
const OPERATIONS: Array<{
  name: string;
  query: string;
  variables: (a: number, by: number) => Record<string, unknown>;
}> = [
  { name: 'createActionPlan', query: CREATE, variables: (a) => ({ a }) },
  { name: 'approveSurveyAssessment', query: APPROVE, variables: (a) => ({ a }) },
  { name: 'sendNcReviewedEmail', query: NOTIFY_REVIEWED, variables: (a) => ({ a }) },
  { name: 'reopenAssessment', query: REOPEN, variables: (a) => ({ a, r: 'Probed' }) },
  {
    name: 'certifySurveyAssessment',
    query: CERTIFY,
    variables: (a, by) => ({ a, c: '2026-03-10', i: '2026-03-10', e: '2029-03-10', by }),
  },
  { name: 'potentialCommencementDate', query: COMMENCEMENT, variables: (a) => ({ a }) },
];

const NOT_FOUND = { code: 'not_found', message: ASSESSMENT_MESSAGES.noSuchAssessment };

/**
 * A practice with its cast, a nominated contact, a survey visit assessment in `status` (its
 * surveyor an accepted visitor who submitted; one indicator MET, one NOT_MET with a plan, OPEN),
 * a certifier, and intruders: a manager and a surveyor of another practice.
 */
async function world(status: string) {
  const cast = await createAssessmentCast(stack.sql);
  await createContact(stack.sql, cast.practice.id, {
    email: `nominee-${cast.practice.id}@example.test`,
    type: 'ACCREDITATION',
  });
  const standards = await createStandards(stack.sql, { indicators: [{}, {}] });
  const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
    surveyVersionId: standards.surveyVersionId,
    qamId: cast.qam.id,
  });
  const visitId = await createSurveyVisit(stack.sql, accreditationId, [{ userId: cast.surveyor.id }]);
  const { id: assessmentId } = await createAssessment(stack.sql, accreditationId, {
    status,
    type: 'SURVEY_VISIT',
    survey_visit_id: visitId,
  });
  await createSubmission(stack.sql, assessmentId, cast.surveyor.id);
  await createResponse(stack.sql, assessmentId, standards.indicatorIds[0]!, {
    compliance: 'MET',
    is_marked_complete: true,
  });
  const notMetId = await createResponse(stack.sql, assessmentId, standards.indicatorIds[1]!, {
    compliance: 'NOT_MET',
    non_compliance_statement: 'Missing',
    non_conformity_status: 'OPEN',
    action_plan: 'Log the fridge twice daily.',
  });
  const certifier = await createUser(stack.sql, { isStaff: true });
  const otherSurveyor: CastMember = { ...(await createUser(stack.sql, { isSurveyor: true })), role: 'user' };
  await addPracticeRole(stack.sql, cast.other.id, otherSurveyor.id, 'SU');
  return { ...cast, assessmentId, notMetId, certifier, otherSurveyor };
}
type World = Awaited<ReturnType<typeof world>>;

/** Everything the new actions may write, for before/after comparisons. */
async function everything(w: World) {
  const listed = await s3.send(
    new ListObjectsV2Command({ Bucket: 'portal', Prefix: `certificates/${w.practice.id}/` }),
  );
  return {
    ...(await assessmentState(stack, w.assessmentId)),
    certificates: (await stack.sql.query('select * from certificates order by id')).rows,
    activities: (await stack.sql.query('select * from action_plan_activities order by id')).rows,
    objects: (listed.Contents ?? []).map((o) => o.Key),
  };
}

/** Posts to the engine with a raw Authorization header (or none). */
async function rawCall(authorization: string | undefined, query: string, variables: Record<string, unknown>) {
  const response = await fetch(stack.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
}

/** A token signed with another key, carrying the admin's claims. */
function forgedToken(userId: number) {
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const claims = {
    sub: String(userId),
    'https://hasura.io/jwt/claims': {
      'x-hasura-user-id': String(userId),
      'x-hasura-default-role': 'provider_admin',
      'x-hasura-allowed-roles': ['provider_admin', 'qam', 'user'],
    },
    exp: Math.floor(Date.now() / 1000) + 600,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.${encode({ forged: true })}`;
}

describe('every new assessment action', () => {
  it('refuses no token, a forged token and an unsigned one before anything runs', async () => {
    const w = await world('UNDER_REVIEW');
    const before = await everything(w);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${forgedToken(w.admin.id).split('.')[1]}.`;
    for (const op of [...OPERATIONS, { name: 'certifiers', query: CERTIFIERS, variables: () => ({}) }]) {
      for (const authorization of [
        undefined,
        'Bearer forged.token.value',
        `Bearer ${forgedToken(w.admin.id)}`,
        `Bearer ${unsigned}`,
      ]) {
        const body = await rawCall(authorization, op.query, op.variables(w.assessmentId, w.certifier.id));
        expect(body.data ?? null, `${op.name} ${authorization}`).toBeNull();
        expect(body.errors?.[0]?.extensions?.code, `${op.name} ${authorization}`).toMatch(
          authorization ? /^invalid-jwt$/ : /^invalid-headers$/,
        );
      }
    }
    expect(await everything(w)).toEqual(before);
  });

  it("answers another practice's manager and surveyor as if the assessment did not exist", async () => {
    for (const status of ['UNDER_REVIEW', 'APPROVED']) {
      const w = await world(status);
      const before = await everything(w);
      for (const op of OPERATIONS) {
        for (const who of [w.stranger, w.otherSurveyor]) {
          const result = await callAs(stack, who, op.query, op.variables(w.assessmentId, w.certifier.id));
          expect(result.data ?? null, `${op.name} ${status}`).toBeNull();
          expect(refusal(result), `${op.name} ${status}`).toEqual(NOT_FOUND);
        }
      }
      expect(await everything(w)).toEqual(before);
    }
  });

  it('keeps the list of certifiers from the practice, its surveyors and a QAM', async () => {
    const w = await world('APPROVED');
    for (const who of [w.pm, w.surveyor, w.stranger, w.otherSurveyor, w.qam]) {
      expect(refusal(await callAs(stack, who, CERTIFIERS, {}))?.code).toBe('forbidden');
    }
  });

  it('answers an id that does not exist as not found, a negative one as invalid, one beyond Int as a bad variable', async () => {
    const w = await world('UNDER_REVIEW');
    const before = await everything(w);
    const who = { reopenAssessment: w.qam, certifySurveyAssessment: w.admin } as Record<string, CastMember>;
    for (const op of OPERATIONS) {
      const caller = who[op.name] ?? w.qam;
      const missing = await callAs(stack, caller, op.query, op.variables(2_000_000_000, w.certifier.id));
      expect(refusal(missing), op.name).toEqual(NOT_FOUND);
      for (const id of [0, -1, -2_147_483_648]) {
        const bad = await callAs(stack, caller, op.query, op.variables(id, w.certifier.id));
        expect(refusal(bad)?.code, `${op.name} ${id}`).toBe('invalid_input');
      }
      for (const id of [2 ** 31, 2 ** 53, 1.5, '7']) {
        const huge = await callAs(stack, caller, op.query, op.variables(id as number, w.certifier.id));
        expect(huge.data ?? null, `${op.name} ${id}`).toBeNull();
        expect(huge.errors?.[0]?.extensions?.code, `${op.name} ${id}`).toBe('validation-failed');
      }
    }
    expect(await everything(w)).toEqual(before);
  });
});

describe('reopenAssessment reason', () => {
  it('refuses control characters, blank and oversized reasons, changing nothing', async () => {
    const w = await world('UNDER_REVIEW');
    const before = await everything(w);
    const cases: Array<[string, string]> = [
      ['Because\u0000', CONTROL_CHARACTER_MESSAGE],
      ['Because\u001b[31m', CONTROL_CHARACTER_MESSAGE],
      ['Because\u0085', CONTROL_CHARACTER_MESSAGE],
      [' \n\t ', REVIEW_MESSAGES.reasonRequired],
      ['x'.repeat(2001), REVIEW_MESSAGES.reasonTooLong],
      [`${'x'.repeat(1_000_000)}`, REVIEW_MESSAGES.reasonTooLong],
    ];
    for (const [reason, message] of cases) {
      const result = await callAs(stack, w.qam, REOPEN_BECAUSE, { a: w.assessmentId, r: reason });
      const error = refusal(result);
      expect(error?.code, reason.slice(0, 12)).toMatch(/^(invalid_input|payload_too_large)$/);
      if (error?.code === 'invalid_input')
        expect(JSON.stringify(result.errors), reason.slice(0, 12)).toContain(message);
    }
    expect(await everything(w)).toEqual(before);
  });
});

describe('certifySurveyAssessment input', () => {
  const FORM = { c: '2026-03-10', i: '2026-03-12', e: '2029-03-10', s: '2026-04-01' };

  it('refuses impossible, malformed and out-of-century dates, naming the field, changing nothing', async () => {
    const w = await world('APPROVED');
    const before = await everything(w);
    const required = CERTIFICATE_MESSAGES.dateRequired;
    const range = CERTIFICATE_MESSAGES.dateOutOfRange;
    for (const [field, value, message] of [
      ['c', '2027-02-30', required],
      ['i', '2026-13-01', required],
      ['e', '10/03/2029', required],
      ['s', '2026-04-31', required],
      ['c', '2026-03-10T00:00:00Z', required],
      ['e', '+275760-09-13', required],
      ['i', '', required],
      ['s', "2026-04-01'; drop table certificates; --", required],
      ['e', '9999-12-31', range],
      ['c', '0001-03-10', range],
      ['s', '2207-04-01', range],
    ] as const) {
      const result = await callAs(stack, w.admin, CERTIFY, {
        a: w.assessmentId,
        ...FORM,
        by: w.certifier.id,
        [field]: value,
      });
      expect(refusal(result)?.code, `${field} ${value}`).toBe('invalid_input');
      expect(JSON.stringify(result.errors), `${field} ${value}`).toContain(message);
    }
    expect(await everything(w)).toEqual(before);
  });

  it('refuses a condition with control characters or over the limit, and a certifier id that is no user', async () => {
    const w = await world('APPROVED');
    const before = await everything(w);
    for (const [k, message] of [
      ['Until\u0000then', CONTROL_CHARACTER_MESSAGE],
      ['Until\u202e\u0007', CONTROL_CHARACTER_MESSAGE],
      ['x'.repeat(1001), CERTIFICATE_MESSAGES.conditionTooLong],
    ] as const) {
      const result = await callAs(stack, w.admin, CERTIFY, {
        a: w.assessmentId,
        ...FORM,
        k,
        by: w.certifier.id,
      });
      expect(refusal(result)?.code, k.slice(0, 10)).toBe('invalid_input');
      expect(JSON.stringify(result.errors), k.slice(0, 10)).toContain(message);
    }
    for (const by of [-1, 0, 2_000_000_000, w.pm.id]) {
      const result = await callAs(stack, w.admin, CERTIFY, { a: w.assessmentId, ...FORM, by });
      expect(refusal(result), String(by)).toMatchObject({ code: 'invalid_input' });
      expect(JSON.stringify(result.errors), String(by)).toContain(CERTIFICATE_MESSAGES.certifierRequired);
    }
    expect(await everything(w)).toEqual(before);
  });
});
