import {
  addSurveyVisitor,
  createFolder,
  createIndicatorResource,
  createPracticeAssessment,
  createStandards,
} from '@portal/testkit/document-factories';
import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Uploads from an indicator (spec 001 §5, §7; spec 002 §2, §4) and indicator resources (spec 002
 * §2 visibility, §7 `GET {resource}/{id}/`) against the real engine, actions service, database and
 * s3rver, on data of the tests' own.
 */

const CREATE = `mutation Create($practiceId: Int!, $name: String!, $contentType: String!, $size: Float!,
    $folderId: Int, $folderCode: String, $staffId: Int, $staffField: StaffDocumentField, $indicatorResponseId: Int) {
  createDocument(practiceId: $practiceId, name: $name, contentType: $contentType, size: $size,
    folderId: $folderId, folderCode: $folderCode, staffId: $staffId, staffField: $staffField,
    indicatorResponseId: $indicatorResponseId) {
    documentId uploadUrl contentType expiresAt maxFileSizeMb } }`;
const COMPLETE = `mutation Complete($id: Int!) { completeDocument(documentId: $id) {
  documentId name folderId fileSize fileType staffId staffField indicatorResponseId message } }`;
const RESOURCE =
  'query Resource($id: Int!) { resourceDownloadUrl(resourceId: $id) { resourceId name url expiresAt } }';

type Created = { documentId: number; uploadUrl: string; contentType: string };
type GqlError = { errors?: Array<{ message: string; extensions?: { code?: string } }> };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const DOCX = Buffer.from('PK\u0003\u0004 a tiny stand-in for a Word file');

const errorOf = (result: GqlError) => ({
  message: result.errors?.[0]?.message,
  code: result.errors?.[0]?.extensions?.code,
});

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ s3: true });
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

/** A user of the tests' own who signs in with the demo password (what `stack.gql` uses). */
const user = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(stack.sql, { password: DEMO_PASSWORD, ...overrides });

describe('uploads from an indicator', () => {
  /** Practice A: its PM, its surveyor, a folder, a self assessment in progress. */
  let practiceId: number;
  let pm: string;
  let surveyor: string;
  let folderId: number;
  let responseId: number;
  /** Practice B, with its own PM and self assessment. */
  let otherPracticeId: number;
  let otherPm: string;
  let otherResponseId: number;

  const documentCount = async () =>
    Number((await stack.sql.query('select count(*) as n from documents')).rows[0].n);
  const doc = async (id: number) =>
    (await stack.sql.query('select * from documents where id = $1', [id])).rows[0];
  const create = (caller: string | { email: string; role?: string }, vars: Record<string, unknown>) =>
    stack.gql<{ createDocument: Created }>(caller, CREATE, {
      practiceId,
      name: 'Infection control audit.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      folderId,
      folderCode: null,
      staffId: null,
      staffField: null,
      indicatorResponseId: responseId,
      ...vars,
    });
  const put = (created: Created, body = PDF) =>
    fetch(created.uploadUrl, { method: 'PUT', headers: { 'content-type': created.contentType }, body });
  /** Created and PUT by the caller, not yet completed. */
  async function uploaded(
    caller: string | { email: string; role?: string },
    vars: Record<string, unknown> = {},
  ) {
    const result = await create(caller, vars);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    const created = result.data!.createDocument;
    expect((await put(created)).status).toBe(200);
    return created;
  }
  /** Refused with this message and code, and nothing recorded. */
  async function refused(
    caller: string | { email: string; role?: string },
    vars: Record<string, unknown>,
    expected: { message: string; code: string },
  ) {
    const before = await documentCount();
    expect(errorOf(await create(caller, vars)), JSON.stringify({ caller, vars })).toEqual(expected);
    expect(await documentCount()).toBe(before);
  }

  beforeAll(async () => {
    practiceId = (await createPractice(stack.sql)).id;
    const manager = await user();
    await addPracticeRole(stack.sql, practiceId, manager.id, 'PM');
    pm = manager.email;
    const su = await user({ isSurveyor: true });
    await addPracticeRole(stack.sql, practiceId, su.id, 'SU');
    surveyor = su.email;
    folderId = await createFolder(stack.sql, practiceId);
    responseId = (await createPracticeAssessment(stack.sql, practiceId)).responseIds[0]!;

    otherPracticeId = (await createPractice(stack.sql)).id;
    const otherManager = await user();
    await addPracticeRole(stack.sql, otherPracticeId, otherManager.id, 'PM');
    otherPm = otherManager.email;
    otherResponseId = (await createPracticeAssessment(stack.sql, otherPracticeId)).responseIds[0]!;
  });

  it('lets the PM upload to their self assessment in progress: attached to the response on completion', async () => {
    const created = await uploaded(pm);
    const pending = await doc(created.documentId);
    expect(pending).toMatchObject({
      practice_id: practiceId,
      folder_id: folderId,
      uploaded_at: null,
      // Attached only once the file is in storage (spec 002 §4).
      indicator_response_id: null,
    });
    expect(pending.storage_key).toMatch(
      new RegExp(
        `^practices/${practiceId}/indicator-responses/${responseId}/[0-9a-f-]{36}/infection-control-audit\\.pdf$`,
      ),
    );

    const completed = await stack.gql<{ completeDocument: Record<string, unknown> }>(pm, COMPLETE, {
      id: created.documentId,
    });
    expect(completed.errors).toBeUndefined();
    expect(completed.data!.completeDocument).toEqual({
      documentId: created.documentId,
      name: 'Infection control audit.pdf',
      folderId,
      fileSize: PDF.length,
      fileType: 'application/pdf',
      staffId: null,
      staffField: null,
      indicatorResponseId: responseId,
      message: 'File upload was successful!',
    });
    const row = await doc(created.documentId);
    expect(row.indicator_response_id).toBe(responseId);
    expect(row.uploaded_at).not.toBeNull();

    // The indicator lists it through GraphQL, for the PM and the practice's surveyor.
    for (const caller of [pm, surveyor]) {
      const listed = await stack.gql<{ indicator_responses_by_pk: { documents: unknown[] } }>(
        caller,
        `{ indicator_responses_by_pk(id: ${responseId}) { documents { id name } } }`,
      );
      expect(listed.data!.indicator_responses_by_pk.documents, caller).toContainEqual({
        id: created.documentId,
        name: 'Infection control audit.pdf',
      });
    }
  });

  it('refuses, creating nothing, a surveyor, another practice, a response of another practice, an archived response', async () => {
    await refused(surveyor, {}, { message: 'You cannot add files to this indicator', code: 'forbidden' });
    await refused(otherPm, {}, { message: 'There is no such practice.', code: 'not_found' });
    // The other practice's response named with this practice, and with its own practice.
    await refused(
      pm,
      { indicatorResponseId: otherResponseId },
      { message: 'There is no such indicator', code: 'not_found' },
    );
    await refused(
      pm,
      { practiceId: otherPracticeId, indicatorResponseId: otherResponseId },
      { message: 'There is no such practice.', code: 'not_found' },
    );
    await refused(
      pm,
      { indicatorResponseId: 2_000_000_000 },
      { message: 'There is no such indicator', code: 'not_found' },
    );
    const archived = (await createPracticeAssessment(stack.sql, practiceId)).responseIds[0]!;
    await stack.sql.query('update indicator_responses set archived = true where id = $1', [archived]);
    await refused(
      pm,
      { indicatorResponseId: archived },
      { message: 'There is no such indicator', code: 'not_found' },
    );
  });

  it('refuses the PM once the self assessment is under review; the QAM may still add files then', async () => {
    const underReview = (await createPracticeAssessment(stack.sql, practiceId, { status: 'UNDER_REVIEW' }))
      .responseIds[0]!;
    await refused(
      pm,
      { indicatorResponseId: underReview },
      { message: 'You cannot add files to this indicator', code: 'forbidden' },
    );
    const qam = await user({ isQam: true });
    const created = await uploaded(qam.email, { indicatorResponseId: underReview });
    const completed = await stack.gql<{ completeDocument: { indicatorResponseId: number } }>(
      qam.email,
      COMPLETE,
      {
        id: created.documentId,
      },
    );
    expect(completed.errors).toBeUndefined();
    expect(completed.data!.completeDocument.indicatorResponseId).toBe(underReview);
  });

  it("lets an accepted visitor add files to their survey visit's indicators once signed, until they submit", async () => {
    const visit = await createPracticeAssessment(stack.sql, practiceId, { type: 'SURVEY_VISIT' });
    const visitResponse = visit.responseIds[0]!;
    // The practice's surveyor, not (yet) on this visit.
    await refused(
      surveyor,
      { indicatorResponseId: visitResponse },
      { message: 'You cannot add files to this indicator', code: 'forbidden' },
    );
    await addSurveyVisitor(stack.sql, visit.surveyVisitId!, await stack.userId(surveyor));
    // On the visit, but the confidentiality agreement is not signed: no evidence yet.
    await refused(
      surveyor,
      { indicatorResponseId: visitResponse },
      { message: 'You cannot add files to this indicator', code: 'forbidden' },
    );
    await stack.sql.query('insert into confidentiality_signs (assessment_id, user_id) values ($1, $2)', [
      visit.assessmentId,
      await stack.userId(surveyor),
    ]);
    const created = await uploaded(surveyor, { indicatorResponseId: visitResponse });
    expect((await stack.gql(surveyor, COMPLETE, { id: created.documentId })).errors).toBeUndefined();
    expect((await doc(created.documentId)).indicator_response_id).toBe(visitResponse);

    await stack.sql.query('insert into assessment_submissions (assessment_id, user_id) values ($1, $2)', [
      visit.assessmentId,
      await stack.userId(surveyor),
    ]);
    await refused(
      surveyor,
      { indicatorResponseId: visitResponse },
      { message: 'You cannot add files to this indicator', code: 'forbidden' },
    );
  });

  it('keeps the folder, type and size rules of every upload', async () => {
    await refused(pm, { folderId: null }, { message: 'Please choose a folder', code: 'invalid_input' });
    const otherFolder = await createFolder(stack.sql, otherPracticeId);
    expect(errorOf(await create(pm, { folderId: otherFolder }))).toMatchObject({ code: 'not_found' });
    await refused(
      pm,
      { name: 'notes.txt', contentType: 'text/plain' },
      {
        message: 'Only jpeg, png, pdf, gif, docx, doc, xlsx, xls, pages files can be uploaded',
        code: 'unsupported_file_type',
      },
    );
    await refused(pm, { size: 100_000_001 }, { message: 'File size exceeded 100MB', code: 'file_too_large' });
    // A provider folder (every practice has it) is a folder of the practice too.
    const created = await uploaded(pm, { folderId: null, folderCode: 'GENERAL' });
    expect((await stack.gql(pm, COMPLETE, { id: created.documentId })).errors).toBeUndefined();
  });

  it('refuses a file for a staff member and an indicator at once', async () => {
    const before = await documentCount();
    const result = await create(pm, { staffId: 1, staffField: 'CPR_EVIDENCE' });
    expect(errorOf(result).code).toBe('invalid_input');
    expect(await documentCount()).toBe(before);
  });

  it('checks again at completion: an archived response or a status change cleans the upload up', async () => {
    const assessment = await createPracticeAssessment(stack.sql, practiceId);
    const [first, second] = assessment.responseIds as [number, number];
    const archivedMeanwhile = await uploaded(pm, { indicatorResponseId: first });
    await stack.sql.query('update indicator_responses set archived = true where id = $1', [first]);
    expect(errorOf(await stack.gql(pm, COMPLETE, { id: archivedMeanwhile.documentId }))).toEqual({
      message: 'There is no such indicator',
      code: 'not_found',
    });

    const submittedMeanwhile = await uploaded(pm, { indicatorResponseId: second });
    await stack.sql.query(`update assessments set status = 'UNDER_REVIEW' where id = $1`, [
      assessment.assessmentId,
    ]);
    expect(errorOf(await stack.gql(pm, COMPLETE, { id: submittedMeanwhile.documentId }))).toEqual({
      message: 'You cannot add files to this indicator',
      code: 'forbidden',
    });

    for (const { documentId } of [archivedMeanwhile, submittedMeanwhile]) {
      expect(await doc(documentId)).toMatchObject({
        archived: true,
        uploaded_at: null,
        indicator_response_id: null,
      });
      expect(await stack.app.storage!.head((await doc(documentId)).storage_key)).toBeNull();
    }
  });
});

describe('indicator resources', () => {
  let indicatorId: number;
  /** Resource ids by what they are. */
  const ids: Record<string, number> = {};
  /** Callers by who they are. */
  const callers: Record<string, string> = {};

  const fetchResource = (caller: string, id: number) =>
    stack.gql<{
      resourceDownloadUrl: { resourceId: number; name: string; url: string; expiresAt: string | null };
    }>(caller, RESOURCE, { id });
  const NOT_FOUND = { message: 'There is no such resource', code: 'not_found' };

  beforeAll(async () => {
    indicatorId = (await createStandards(stack.sql, 1)).indicatorIds[0]!;
    const pmFile = await createIndicatorResource(stack.sql, indicatorId, {
      name: 'Practice template',
      fileType: 'docx',
      storageKey: `resources/test/${indicatorId}/practice-template.docx`,
      forPm: true,
    });
    await stack.app.storage!.put(
      pmFile.storageKey!,
      DOCX,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    ids.pmFile = pmFile.id;
    const surveyorFile = await createIndicatorResource(stack.sql, indicatorId, {
      name: 'Surveyor notes.pdf',
      fileType: 'pdf',
      forSurveyor: true,
    });
    await stack.app.storage!.put(surveyorFile.storageKey!, PDF, 'application/pdf');
    ids.surveyorFile = surveyorFile.id;
    ids.bothLink = (
      await createIndicatorResource(stack.sql, indicatorId, {
        name: 'Background reading',
        url: 'https://standards.example.test/reading?a=1&b=2',
        forPm: true,
        forSurveyor: true,
      })
    ).id;
    const archived = await createIndicatorResource(stack.sql, indicatorId, {
      forPm: true,
      forSurveyor: true,
      archived: true,
    });
    await stack.app.storage!.put(archived.storageKey!, PDF, 'application/pdf');
    ids.archived = archived.id;
    const nobody = await createIndicatorResource(stack.sql, indicatorId, { name: 'Internal only' });
    await stack.app.storage!.put(nobody.storageKey!, PDF, 'application/pdf');
    ids.nobody = nobody.id;

    const practice = (await createPractice(stack.sql)).id;
    const manager = await user();
    await addPracticeRole(stack.sql, practice, manager.id, 'PM');
    callers.pm = manager.email;
    callers.surveyor = (await user({ isSurveyor: true })).email;
    callers.admin = (await user({ isAdmin: true })).email;
    callers.qam = (await user({ isQam: true })).email;
    callers.stranger = (await user()).email;
  });

  it('gives the PM the for_pm file as an attachment named after the resource, and its links', async () => {
    const file = await fetchResource(callers.pm!, ids.pmFile!);
    expect(file.errors).toBeUndefined();
    const answer = file.data!.resourceDownloadUrl;
    expect(answer).toMatchObject({ resourceId: ids.pmFile, name: 'Practice template.docx' });
    expect(new Date(answer.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(answer.expiresAt!).getTime()).toBeLessThanOrEqual(Date.now() + 2 * 60_000);
    const download = await fetch(answer.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(DOCX);
    expect(download.headers.get('content-disposition')).toContain('filename="Practice template.docx"');

    const link = await fetchResource(callers.pm!, ids.bothLink!);
    expect(link.data!.resourceDownloadUrl).toEqual({
      resourceId: ids.bothLink,
      name: 'Background reading',
      url: 'https://standards.example.test/reading?a=1&b=2',
      expiresAt: null,
    });

    for (const id of [ids.surveyorFile!, ids.archived!, ids.nobody!])
      expect(errorOf(await fetchResource(callers.pm!, id)), String(id)).toEqual(NOT_FOUND);
  });

  it('gives a surveyor the for_surveyor file, not the for_pm one', async () => {
    const file = await fetchResource(callers.surveyor!, ids.surveyorFile!);
    expect(file.errors).toBeUndefined();
    expect(file.data!.resourceDownloadUrl.name).toBe('Surveyor notes.pdf');
    expect(Buffer.from(await (await fetch(file.data!.resourceDownloadUrl.url)).arrayBuffer())).toEqual(PDF);
    expect((await fetchResource(callers.surveyor!, ids.bothLink!)).errors).toBeUndefined();
    for (const id of [ids.pmFile!, ids.archived!, ids.nobody!])
      expect(errorOf(await fetchResource(callers.surveyor!, id)), String(id)).toEqual(NOT_FOUND);
  });

  it('answers not_found to a user with no role, and for a resource that does not exist', async () => {
    for (const id of Object.values(ids))
      expect(errorOf(await fetchResource(callers.stranger!, id)), String(id)).toEqual(NOT_FOUND);
    expect(errorOf(await fetchResource(callers.admin!, 2_000_000_000))).toEqual(NOT_FOUND);
  });

  it('follows the GraphQL select permission exactly, for every role (admins see all, archived ones too)', async () => {
    for (const [who, caller] of Object.entries(callers)) {
      const listed = await stack.gql<{ indicator_resources: Array<{ id: number }> }>(
        caller,
        `{ indicator_resources(where: {indicator_id: {_eq: ${indicatorId}}}) { id } }`,
      );
      expect(listed.errors, who).toBeUndefined();
      const readable = listed.data!.indicator_resources.map((r) => r.id).sort((a, b) => a - b);
      const downloadable: number[] = [];
      for (const id of Object.values(ids))
        if (!(await fetchResource(caller, id)).errors) downloadable.push(id);
      expect(
        downloadable.sort((a, b) => a - b),
        who,
      ).toEqual(readable);
    }
    const all = Object.values(ids).sort((a, b) => a - b);
    for (const backOffice of ['admin', 'qam']) {
      const listed = await stack.gql<{ indicator_resources: Array<{ id: number }> }>(
        callers[backOffice]!,
        `{ indicator_resources(where: {indicator_id: {_eq: ${indicatorId}}}) { id } }`,
      );
      expect(
        listed.data!.indicator_resources.map((r) => r.id).sort((a, b) => a - b),
        backOffice,
      ).toEqual(all);
    }
  });
});
