import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  ASSESSMENT_MESSAGES,
  CERTIFICATE_MESSAGES,
  CONTROL_CHARACTER_MESSAGE,
  certificateNumber,
  ISSUING_PROVIDER_NAME,
  portalToday,
} from '@portal/domain';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import {
  type CastMember,
  createAccreditation,
  createAssessmentCast,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { callAs, refusal } from '@portal/testkit/assessment-test-kit';
import {
  createAddress,
  createAssessment,
  createBranchPractice,
  createCertificate,
  createUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue certificate end to end, against the real engine, database and s3rver: every test makes its
// own practice, standards, visit, approved assessment and certifier. Each refusal is shown to
// change nothing (no row, no object) by comparing everything the action may write before and after.

let stack: TestStack;
let s3: S3Client;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', s3: true });
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

const CERTIFY = `mutation ($a: Int!, $c: String, $i: String, $e: String, $s: String, $k: String, $by: Int) {
  certifySurveyAssessment(assessmentId: $a, certificationDate: $c, issueDate: $i, expiryDate: $e,
    commencementDate: $s, condition: $k, certifiedById: $by) { id status message certificateId } }`;
const CERTIFIERS = `{ certifiers { id name } }`;
const COMMENCEMENT = `query ($a: Int!) { potentialCommencementDate(assessmentId: $a) { date } }`;
const DOWNLOAD = `query ($id: Int!, $size: CertificateSize) {
  certificateDownloadUrl(certificateId: $id, size: $size) { certificateId name url } }`;

const TODAY = portalToday();
const FORM = {
  c: '2026-03-10',
  i: '2026-03-12',
  e: '2029-03-10',
  s: '2026-04-01',
  k: 'Until the surveillance visit.',
};

/** A practice at an address with its cast, an approved survey visit assessment, a certifier and a valid certificate. */
async function world(status = 'APPROVED') {
  const cast = await createAssessmentCast(stack.sql);
  const address = await createAddress(stack.sql, {
    street: '12 Harbour Street',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
  });
  await stack.sql.query(
    'update organisations set physical_address_id = $1, legal_entity_name = $2 where id = $3',
    [address.id, 'Harbour Health Pty Ltd', cast.practice.id],
  );
  // Two active branch sites (listed after the practice's own address, by suburb) and a closed one.
  await createBranchPractice(stack.sql, cast.practice.id, {
    street: '9 Church Street',
    suburb: 'Parramatta',
  });
  await createBranchPractice(stack.sql, cast.practice.id, {
    street: '3 Campbell Parade',
    suburb: 'Bondi Beach',
  });
  await createBranchPractice(
    stack.sql,
    cast.practice.id,
    { street: '1 Closed Lane', suburb: 'Alexandria' },
    { activeStatus: 'INACTIVE' },
  );
  const standards = await createStandards(stack.sql);
  const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
    surveyVersionId: standards.surveyVersionId,
    qamId: cast.qam.id,
  });
  await stack.sql.query("update accreditations set expiry_date = '2026-06-30' where id = $1", [
    accreditationId,
  ]);
  const visitId = await createSurveyVisit(stack.sql, accreditationId, [
    { userId: cast.surveyor.id, isLead: true },
  ]);
  const { id: assessmentId } = await createAssessment(stack.sql, accreditationId, {
    type: 'SURVEY_VISIT',
    status,
    survey_visit_id: visitId,
  });
  const certifier = await createUser(stack.sql, { isStaff: true, firstName: 'Casey', lastName: 'Certifier' });
  const previous = await createCertificate(stack.sql, cast.practice.id, {
    type: 'ACCREDITATION',
    validity: 'VALID',
    certification_date: '2023-06-30',
    issue_date: '2023-06-30',
    expiry_date: '2026-06-30',
  });
  return { ...cast, accreditationId, visitId, assessmentId, certifier, previousId: previous.id as number };
}
type World = Awaited<ReturnType<typeof world>>;

const certify = (w: World, who: CastMember, overrides: Record<string, unknown> = {}) =>
  callAs<{ certifySurveyAssessment: { id: number; status: string; message: string; certificateId: number } }>(
    stack,
    who,
    CERTIFY,
    { a: w.assessmentId, ...FORM, by: w.certifier.id, ...overrides },
  );

async function objectsOf(practiceId: number): Promise<string[]> {
  const listed = await s3.send(
    new ListObjectsV2Command({ Bucket: 'portal', Prefix: `certificates/${practiceId}/` }),
  );
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

async function objectBytes(key: string): Promise<Uint8Array> {
  return (await stack.app.storage!.readStart(key, 10_000_000))!;
}

/** Everything certifying may write, for before/after comparisons. */
async function state(w: World) {
  const q = async (text: string, values: unknown[]) => (await stack.sql.query(text, values)).rows;
  return {
    assessment: await q('select status, updated_at, last_updated_by_id from assessments where id = $1', [
      w.assessmentId,
    ]),
    certificates: await q('select * from certificates where practice_id = $1 order by id', [w.practice.id]),
    accreditation: await q('select expiry_date, ext_date from accreditations where id = $1', [
      w.accreditationId,
    ]),
    changes: await q('select * from assessment_status_changes where assessment_id = $1', [w.assessmentId]),
    outbox: await q('select count(*)::int as n from email_outbox', []),
    objects: await objectsOf(w.practice.id),
  };
}

describe('certifySurveyAssessment', () => {
  it('issues the certificate, supersedes the previous one, sets the expiry, stores both PDFs and e-mails the practice', async () => {
    const w = await world();
    const result = await certify(w, w.admin);
    expect(result.errors).toBeUndefined();
    const answer = result.data!.certifySurveyAssessment;
    expect(answer).toMatchObject({
      id: w.assessmentId,
      status: 'CERTIFIED',
      message: CERTIFICATE_MESSAGES.issued,
    });

    const assessment = (
      await stack.sql.query('select status, last_updated_by_id from assessments where id = $1', [
        w.assessmentId,
      ])
    ).rows[0];
    expect(assessment).toEqual({ status: 'CERTIFIED', last_updated_by_id: w.admin.id });

    const certificate = (
      await stack.sql.query(
        `select *, to_char(certification_date, 'YYYY-MM-DD') as cd, to_char(issue_date, 'YYYY-MM-DD') as id_,
                to_char(commencement_date, 'YYYY-MM-DD') as sd, to_char(expiry_date, 'YYYY-MM-DD') as ed
           from certificates where id = $1`,
        [answer.certificateId],
      )
    ).rows[0];
    const number = certificateNumber(answer.certificateId, 'ACCREDITATION', FORM.i);
    expect(certificate).toMatchObject({
      practice_id: w.practice.id,
      accreditation_id: w.accreditationId,
      assessment_id: w.assessmentId,
      type: 'ACCREDITATION',
      validity: 'VALID',
      issuing_provider: ISSUING_PROVIDER_NAME,
      cd: FORM.c,
      id_: FORM.i,
      sd: FORM.s,
      ed: FORM.e,
      condition: FORM.k,
      certified_by_id: w.certifier.id,
      issued_by_id: w.admin.id,
      certificate_number: number,
      storage_key: `certificates/${w.practice.id}/${number}-A3.pdf`,
      storage_key_a4: `certificates/${w.practice.id}/${number}-A4.pdf`,
      superseded_at: null,
    });
    expect(certificate.verification_code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){2}$/);

    const previous = (
      await stack.sql.query(
        'select validity, superseded_at, superseded_by_id from certificates where id = $1',
        [w.previousId],
      )
    ).rows[0];
    expect(previous).toMatchObject({ validity: 'SUPERSEDED', superseded_by_id: answer.certificateId });
    expect(previous.superseded_at).toBeInstanceOf(Date);

    const accreditation = (
      await stack.sql.query(
        "select to_char(expiry_date, 'YYYY-MM-DD') as expiry from accreditations where id = $1",
        [w.accreditationId],
      )
    ).rows[0];
    expect(accreditation).toEqual({ expiry: FORM.e });

    const changes = (
      await stack.sql.query(
        'select from_status, to_status, changed_by_id, detail from assessment_status_changes where assessment_id = $1',
        [w.assessmentId],
      )
    ).rows;
    expect(changes).toEqual([
      {
        from_status: 'APPROVED',
        to_status: 'CERTIFIED',
        changed_by_id: w.admin.id,
        detail: {
          certificateId: answer.certificateId,
          certificateNumber: number,
          superseded: [w.previousId],
        },
      },
    ]);

    const mail = (
      await stack.sql.query(
        "select subject, text_body from email_outbox where to_address = $1 and template = 'certificate-issued'",
        [w.pm.email],
      )
    ).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain(number);
    expect(mail[0].text_body).toContain(`/verify/${certificate.verification_code}`);

    expect(await objectsOf(w.practice.id)).toEqual(
      [certificate.storage_key, certificate.storage_key_a4].sort(),
    );
    for (const [key, size] of [
      [certificate.storage_key, [1191, 842]],
      [certificate.storage_key_a4, [842, 595]],
    ] as const) {
      const bytes = await objectBytes(key);
      const page = (await PDFDocument.load(bytes)).getPage(0).getSize();
      expect([Math.round(page.width), Math.round(page.height)]).toEqual(size);
      const text = (await pdfPageTexts(bytes))[0]!;
      // Every site: the practice's own address, then each active branch's by suburb.
      expect(text).toContain(
        [
          '12 Harbour Street, Sydney NSW 2000',
          '3 Campbell Parade, Bondi Beach NSW 2000',
          '9 Church Street, Parramatta NSW 2000',
        ].join('\n'),
      );
      expect(text).toContain('LOCATIONS (3)');
      expect(text).not.toContain('Closed Lane');
      for (const expected of [
        certificate.name,
        'Harbour Health Pty Ltd',
        '12 Harbour Street, Sydney NSW 2000',
        number,
        certificate.verification_code,
        '10 Mar 2026',
        '12 Mar 2026',
        '1 Apr 2026',
        '10 Mar 2029',
        'Certified by Casey Certifier',
      ])
        expect(text, expected).toContain(expected);
    }
  });

  it('is refused the second time, changing nothing', async () => {
    const w = await world();
    expect((await certify(w, w.admin)).errors).toBeUndefined();
    const before = await state(w);
    expect(refusal(await certify(w, w.admin))).toEqual({
      code: 'invalid_transition',
      message: CERTIFICATE_MESSAGES.alreadyCertified,
    });
    expect(await state(w)).toEqual(before);
  });

  it('refuses an assessment that is not approved, changing nothing', async () => {
    for (const status of ['UNDER_REVIEW', 'ACTION_REQUIRED']) {
      const w = await world(status);
      const before = await state(w);
      expect(refusal(await certify(w, w.admin))).toEqual({
        code: 'invalid_transition',
        message: CERTIFICATE_MESSAGES.notApproved,
      });
      expect(await state(w)).toEqual(before);
    }
  });

  it('refuses a QAM, a practice manager and a surveyor (no certifySurvey) and hides it from a stranger', async () => {
    const w = await world();
    const before = await state(w);
    for (const who of [w.qam, w.pm, w.surveyor])
      expect(refusal(await certify(w, who))?.code, who.email).toBe('forbidden');
    expect(refusal(await certify(w, w.stranger))).toEqual({
      code: 'not_found',
      message: ASSESSMENT_MESSAGES.noSuchAssessment,
    });
    expect(await state(w)).toEqual(before);
  });

  it("refuses a certifier who is not an active staff user with 'Certified user required'", async () => {
    const w = await world();
    const notStaff = await createUser(stack.sql, {});
    const inactive = await createUser(stack.sql, { isStaff: true, isActive: false });
    const before = await state(w);
    for (const by of [notStaff.id, inactive.id, 999_999_999, null]) {
      const refused = await certify(w, w.admin, { by });
      expect(refused.errors?.[0]?.extensions, String(by)).toMatchObject({
        code: 'invalid_input',
        fields: { certifiedById: CERTIFICATE_MESSAGES.certifierRequired },
      });
    }
    expect(await state(w)).toEqual(before);
  });

  it('refuses missing and inconsistent dates and a condition too long or with control characters', async () => {
    const w = await world();
    const before = await state(w);
    const fieldsOf = async (overrides: Record<string, unknown>) =>
      (await certify(w, w.admin, overrides)).errors?.[0]?.extensions?.fields;
    expect(await fieldsOf({ c: null, i: '', e: '2029-02-30' })).toEqual({
      certificationDate: CERTIFICATE_MESSAGES.dateRequired,
      issueDate: CERTIFICATE_MESSAGES.dateRequired,
      expiryDate: CERTIFICATE_MESSAGES.dateRequired,
    });
    expect(await fieldsOf({ e: '2026-03-11' })).toEqual({
      expiryDate: CERTIFICATE_MESSAGES.expiryNotAfterIssue,
    });
    expect(await fieldsOf({ i: '2026-03-01' })).toEqual({
      issueDate: CERTIFICATE_MESSAGES.issueBeforeCertification,
    });
    expect(await fieldsOf({ k: 'x'.repeat(1001) })).toEqual({
      condition: CERTIFICATE_MESSAGES.conditionTooLong,
    });
    expect(await fieldsOf({ k: 'Until\u0000then' })).toEqual({ condition: CONTROL_CHARACTER_MESSAGE });
    expect(await state(w)).toEqual(before);
  });

  it('leaves no file behind when the transaction fails after the upload', async () => {
    const w = await world();
    const before = await state(w);
    await stack.sql.query(`
      create or replace function test_fail_certify() returns trigger language plpgsql as $$
      begin raise exception 'forced failure'; end $$`);
    await stack.sql.query(`create trigger fail_certify before insert on assessment_status_changes
      for each row when (new.assessment_id = ${w.assessmentId}) execute function test_fail_certify()`);
    try {
      // The engine answers a failed action's 500 as 'unexpected'; its detail stays in our log.
      expect(refusal(await certify(w, w.admin))?.code).toBe('unexpected');
    } finally {
      await stack.sql.query('drop trigger fail_certify on assessment_status_changes');
      await stack.sql.query('drop function test_fail_certify()');
    }
    expect(await state(w)).toEqual(before);
    expect(before.objects).toEqual([]);
  });
});

describe('certifiers and potentialCommencementDate', () => {
  it('lists active staff users to certifySurvey holders only', async () => {
    const w = await world();
    const inactive = await createUser(stack.sql, { isStaff: true, isActive: false, firstName: 'Ina' });
    const listed = await callAs<{ certifiers: Array<{ id: number; name: string }> }>(
      stack,
      w.admin,
      CERTIFIERS,
      {},
    );
    expect(listed.errors).toBeUndefined();
    const ids = listed.data!.certifiers.map((c) => c.id);
    expect(listed.data!.certifiers).toContainEqual({ id: w.certifier.id, name: 'Casey Certifier' });
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(w.pm.id);
    for (const who of [w.qam, w.pm])
      expect(refusal(await callAs(stack, who, CERTIFIERS, {}))?.code).toBe('forbidden');
  });

  it('suggests the day after the current certificate expires when that is ahead, else today', async () => {
    const w = await world();
    const ask = async (who: CastMember) =>
      callAs<{ potentialCommencementDate: { date: string } }>(stack, who, COMMENCEMENT, {
        a: w.assessmentId,
      });
    // The world's certificate expired on 2026-06-30: behind us, so today.
    expect((await ask(w.admin)).data?.potentialCommencementDate.date).toBe(TODAY);
    await stack.sql.query("update certificates set expiry_date = '2099-12-31' where id = $1", [w.previousId]);
    expect((await ask(w.admin)).data?.potentialCommencementDate.date).toBe('2100-01-01');
    expect(refusal(await ask(w.qam))?.code).toBe('forbidden');
    expect(refusal(await ask(w.stranger))?.code).toBe('not_found');
  });
});

describe('certificateDownloadUrl with a size', () => {
  it('serves the issued A3 by default and the A4 when asked; makes and keeps the A4 of an older certificate', async () => {
    const w = await world();
    const issued = (await certify(w, w.admin)).data!.certifySurveyAssessment;
    const download = async (id: number, size?: string) =>
      callAs<{ certificateDownloadUrl: { name: string; url: string } }>(stack, w.pm, DOWNLOAD, { id, size });
    const sizeOf = async (url: string) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const page = (await PDFDocument.load(bytes)).getPage(0).getSize();
      return [Math.round(page.width), Math.round(page.height)];
    };
    const a3 = (await download(issued.certificateId)).data!.certificateDownloadUrl;
    expect(await sizeOf(a3.url)).toEqual([1191, 842]);
    const a4 = (await download(issued.certificateId, 'A4')).data!.certificateDownloadUrl;
    expect(a4.name).toMatch(/\(A4\)\.pdf$/);
    expect(await sizeOf(a4.url)).toEqual([842, 595]);

    // An older (superseded, so back office only) certificate with only its A3 file: its A4 is
    // made on the first download and kept.
    const older = await createCertificate(stack.sql, w.practice.id, {
      storage_key: `certificates/${w.practice.id}/older.pdf`,
      validity: 'SUPERSEDED',
    });
    await stack.app.storage!.put(
      `certificates/${w.practice.id}/older.pdf`,
      Buffer.from('%PDF-1.4\n'),
      'application/pdf',
    );
    const made = (
      await callAs<{ certificateDownloadUrl: { url: string } }>(stack, w.admin, DOWNLOAD, {
        id: older.id,
        size: 'A4',
      })
    ).data!.certificateDownloadUrl;
    expect(await sizeOf(made.url)).toEqual([842, 595]);
    const kept = (await stack.sql.query('select storage_key_a4 from certificates where id = $1', [older.id]))
      .rows[0];
    expect(kept.storage_key_a4).toBe(`certificates/${w.practice.id}/${older.id}-A4.pdf`);
    expect(
      refusal(await callAs(stack, w.stranger, DOWNLOAD, { id: issued.certificateId, size: 'A4' }))?.code,
    ).toBe('not_found');
  });
});
