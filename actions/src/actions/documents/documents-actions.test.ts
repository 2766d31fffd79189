import {
  addPracticeRole,
  createManagedPractice,
  createStaff,
  createUser,
  providerFolder,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The upload flow of DESIGN §6 against the real engine, actions service, database and s3rver:
 * createDocument → PUT to the presigned URL → completeDocument, its clean-ups, and downloads.
 */

const CREATE = `mutation Create($practiceId: Int!, $name: String!, $contentType: String!, $size: Float!,
    $folderId: Int, $folderCode: String, $staffId: Int, $staffField: StaffDocumentField) {
  createDocument(practiceId: $practiceId, name: $name, contentType: $contentType, size: $size,
    folderId: $folderId, folderCode: $folderCode, staffId: $staffId, staffField: $staffField) {
    documentId uploadUrl contentType expiresAt maxFileSizeMb } }`;
const COMPLETE = `mutation Complete($id: Int!) { completeDocument(documentId: $id) {
  documentId name folderId fileSize fileType uploadedAt staffId staffField staffFieldLabel message } }`;
const ABANDON = 'mutation Abandon($id: Int!) { abandonDocument(documentId: $id) { documentId archived } }';
const DOWNLOAD =
  'query Download($id: Int!) { documentDownloadUrl(documentId: $id) { documentId name url expiresAt } }';

type Created = {
  documentId: number;
  uploadUrl: string;
  contentType: string;
  expiresAt: string;
  maxFileSizeMb: number;
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A zip holding these files (the shape of docx, xlsx and pages files). */
const zipOf = (files: Record<string, string>) => {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer' });
};
const DOCX_TYPES =
  '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const XLSX_TYPES =
  '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
/** The start of an OLE compound file (what doc and xls files are). */
const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
]);
describe('document uploads', () => {
  let stack: TestStack;
  /** The practice the uploads are for: its manager PM and its surveyor (SU). */
  let PRACTICE: number;
  let PM: TestUser;
  let surveyor: TestUser;
  /** The manager of another practice, a surveyor elsewhere, a user of no practice, a QAM. */
  let otherManager: TestUser;
  let outsider: TestUser;
  let newUser: TestUser;
  let qam: TestUser & { role: string };
  /** The provider's folder for staff documents. */
  let staffFolder: number;
  let staffId: number;
  let otherPracticeStaffId: number;

  const create = (caller: Parameters<TestStack['gql']>[0], vars: Record<string, unknown>) =>
    stack.gql<{ createDocument: Created }>(caller, CREATE, {
      practiceId: PRACTICE,
      name: 'CPR certificate.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      ...vars,
    });
  const put = (created: Created, body: Buffer = PDF, contentType = created.contentType) =>
    fetch(created.uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body });
  const doc = async (id: number) =>
    (await stack.sql.query('select * from documents where id = $1', [id])).rows[0];
  const staff = async (id: number) =>
    (await stack.sql.query('select * from practice_staff where id = $1', [id])).rows[0];
  const objectExists = async (id: number) =>
    (await stack.app.storage!.head((await doc(id)).storage_key)) !== null;
  const errorOf = (result: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => ({
    message: result.errors?.[0]?.message,
    code: result.errors?.[0]?.extensions?.code,
  });

  /** A staff upload of the PM, created and PUT, not yet completed. */
  async function uploaded(vars: Record<string, unknown> = {}, body = PDF) {
    const result = await create(PM, { staffId, staffField: 'CPR_EVIDENCE', ...vars });
    expect(result.errors).toBeUndefined();
    const created = result.data!.createDocument;
    expect((await put(created, body)).status).toBe(200);
    return created;
  }

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated', s3: true });
    ({ id: PRACTICE, pm: PM } = await createManagedPractice(stack.sql));
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, PRACTICE, surveyor.id, 'SU');
    const other = await createManagedPractice(stack.sql);
    otherManager = other.pm;
    outsider = await createUser(stack.sql, { isSurveyor: true });
    newUser = await createUser(stack.sql);
    qam = { ...(await createUser(stack.sql, { isQam: true })), role: 'qam' };
    staffFolder = await providerFolder(stack.sql, 'STAFF_DOCUMENTS');
    await providerFolder(stack.sql, 'GENERAL');
    staffId = await createStaff(stack.sql, PRACTICE, { firstName: 'Isla', lastName: 'Desai' });
    otherPracticeStaffId = await createStaff(stack.sql, other.id);
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('spans two replicas: created through one, completed and downloaded through the other', async () => {
    const other = await stack.replica();
    const created = await uploaded();
    const completed = await other.gql<{ completeDocument: { documentId: number; staffId: number } }>(
      PM,
      COMPLETE,
      {
        id: created.documentId,
      },
    );
    expect(completed.errors).toBeUndefined();
    expect(completed.data!.completeDocument).toMatchObject({ documentId: created.documentId, staffId });
    const link = await other.gql<{ documentDownloadUrl: { url: string } }>(PM, DOWNLOAD, {
      id: created.documentId,
    });
    const file = await fetch(link.data!.documentDownloadUrl.url);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
  });

  it('uploads a staff document end to end: pending, PUT, completed and attached, downloadable', async () => {
    const result = await create(PM, { staffId, staffField: 'CPR_EVIDENCE' });
    expect(result.errors).toBeUndefined();
    const created = result.data!.createDocument;
    expect(created).toMatchObject({ contentType: 'application/pdf', maxFileSizeMb: 100 });
    expect(created.uploadUrl.startsWith(stack.s3!.endpoint)).toBe(true);
    expect(new Date(created.expiresAt).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);

    const pending = await doc(created.documentId);
    expect(pending).toMatchObject({
      practice_id: PRACTICE,
      folder_id: staffFolder,
      name: 'CPR certificate.pdf',
      uploaded_at: null,
      archived: false,
      created_by_id: PM.id,
    });
    expect(pending.storage_key).toMatch(
      new RegExp(`^practices/${PRACTICE}/staff/${staffId}/cpr-evidence/[0-9a-f-]{36}/cpr-certificate\\.pdf$`),
    );
    // A pending document is invisible to the practice through GraphQL.
    const listed = await stack.gql<{ documents: unknown[] }>(
      PM,
      `{ documents(where: {id: {_eq: ${created.documentId}}}) { id } }`,
    );
    expect(listed.data!.documents).toEqual([]);

    expect((await put(created)).status).toBe(200);
    const completed = await stack.gql<{ completeDocument: Record<string, unknown> }>(PM, COMPLETE, {
      id: created.documentId,
    });
    expect(completed.errors).toBeUndefined();
    expect(completed.data!.completeDocument).toMatchObject({
      documentId: created.documentId,
      name: 'CPR certificate.pdf',
      folderId: staffFolder,
      fileSize: PDF.length,
      fileType: 'application/pdf',
      staffId,
      staffField: 'CPR_EVIDENCE',
      staffFieldLabel: 'CPR evidence',
      message: 'File upload was successful!',
    });
    const row = await doc(created.documentId);
    expect(row.uploaded_at).not.toBeNull();
    expect(Number(row.file_size)).toBe(PDF.length);
    expect((await staff(staffId)).cpr_evidence_document_id).toBe(created.documentId);

    // The register shows it, and its download URL serves the same bytes under its own name.
    const register = await stack.gql<{
      practice_staff_by_pk: { cpr_evidence_document: { id: number; name: string } };
    }>(PM, `{ practice_staff_by_pk(id: ${staffId}) { cpr_evidence_document { id name } } }`);
    expect(register.data!.practice_staff_by_pk.cpr_evidence_document).toEqual({
      id: created.documentId,
      name: 'CPR certificate.pdf',
    });
    const download = await stack.gql<{ documentDownloadUrl: { url: string; name: string } }>(PM, DOWNLOAD, {
      id: created.documentId,
    });
    expect(download.errors).toBeUndefined();
    const file = await fetch(download.data!.documentDownloadUrl.url);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    expect(file.headers.get('content-disposition')).toContain('filename="CPR certificate.pdf"');
  });

  it('downloads for the practice surveyor and the back office, not for other practices', async () => {
    const created = await uploaded({ staffField: 'PRIMARY_QUALIFICATION', name: 'Degree.pdf' });
    await stack.gql(PM, COMPLETE, { id: created.documentId });
    for (const caller of [surveyor, qam]) {
      const answer = await stack.gql<{ documentDownloadUrl: { url: string } }>(caller, DOWNLOAD, {
        id: created.documentId,
      });
      expect(answer.errors, JSON.stringify(caller)).toBeUndefined();
      expect((await fetch(answer.data!.documentDownloadUrl.url)).status).toBe(200);
    }
    for (const caller of [otherManager, newUser, outsider]) {
      const refused = await stack.gql(caller, DOWNLOAD, { id: created.documentId });
      expect(errorOf(refused), caller.email).toEqual({
        message: 'There is no such document',
        code: 'not_found',
      });
    }
  });

  it('refuses a wrong type or a file over the limit before anything is stored', async () => {
    const before = (await stack.sql.query('select count(*)::int as n from documents')).rows[0].n;
    expect(
      errorOf(await create(PM, { staffId, staffField: 'CPD_EVIDENCE', name: 'virus.exe', contentType: '' })),
    ).toEqual({
      message: 'Only jpeg, png, pdf, gif, docx, doc, xlsx, xls, pages files can be uploaded',
      code: 'unsupported_file_type',
    });
    expect(
      errorOf(await create(PM, { staffId, staffField: 'CPD_EVIDENCE', contentType: 'text/html' })),
    ).toMatchObject({
      code: 'unsupported_file_type',
    });
    expect(errorOf(await create(PM, { staffId, staffField: 'CPD_EVIDENCE', size: 100_000_001 }))).toEqual({
      message: 'File size exceeded 100MB',
      code: 'file_too_large',
    });
    expect((await stack.sql.query('select count(*)::int as n from documents')).rows[0].n).toBe(before);
  });

  it('takes a .pages file the browser has no type for, stored under its own type', async () => {
    const result = await create(PM, { folderCode: 'GENERAL', name: 'Practice plan.pages', contentType: '' });
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    expect(result.data!.createDocument.contentType).toBe('application/vnd.apple.pages');
    expect((await doc(result.data!.createDocument.documentId)).storage_key).toMatch(
      new RegExp(`^practices/${PRACTICE}/documents/[0-9a-f-]{36}/practice-plan\\.pages$`),
    );
    await stack.gql(PM, ABANDON, { id: result.data!.createDocument.documentId });
  });

  it('needs a folder, and keeps staff documents in the staff folder', async () => {
    expect(errorOf(await create(PM, {}))).toEqual({
      message: 'Please choose a folder',
      code: 'invalid_input',
    });
    expect(errorOf(await create(PM, { staffId, staffField: 'CPR_EVIDENCE', folderCode: 'GENERAL' }))).toEqual(
      {
        message: 'Staff documents are kept in the Staff documents folder.',
        code: 'invalid_input',
      },
    );
    expect(errorOf(await create(PM, { folderCode: 'NO_SUCH_FOLDER' }))).toMatchObject({ code: 'not_found' });
  });

  it('answers not_found for a practice the caller cannot see, forbidden without the flag', async () => {
    expect(errorOf(await create(otherManager, { staffId, staffField: 'CPR_EVIDENCE' }))).toMatchObject({
      code: 'not_found',
    });
    expect(errorOf(await create(otherManager, { practiceId: 999_999, folderCode: 'GENERAL' }))).toMatchObject(
      {
        code: 'not_found',
      },
    );
    // The surveyor of the practice reads its staff documents but does not change them.
    expect(errorOf(await create(surveyor, { staffId, staffField: 'CPR_EVIDENCE' }))).toMatchObject({
      code: 'forbidden',
    });
    // A staff member of another practice is not one of this practice's.
    expect(errorOf(await create(PM, { staffId: otherPracticeStaffId, staffField: 'CPR_EVIDENCE' }))).toEqual({
      message: 'There is no such staff member.',
      code: 'not_found',
    });
  });

  it('lets the QAM upload a staff document of any practice', async () => {
    const result = await create(qam, { staffId, staffField: 'TRAINING_EVIDENCE' });
    expect(result.errors).toBeUndefined();
    await put(result.data!.createDocument);
    expect(
      (await stack.gql(qam, COMPLETE, { id: result.data!.createDocument.documentId })).errors,
    ).toBeUndefined();
    expect((await staff(staffId)).training_evidence_document_id).toBe(result.data!.createDocument.documentId);
  });

  it('refuses a second completion and a completion by someone else, keeping the document', async () => {
    const created = await uploaded({ staffField: 'CPD_EVIDENCE' });
    const other = await stack.gql(otherManager, COMPLETE, { id: created.documentId });
    expect(errorOf(other)).toEqual({ message: 'There is no such upload', code: 'not_found' });
    expect(await objectExists(created.documentId)).toBe(true);

    expect((await stack.gql(PM, COMPLETE, { id: created.documentId })).errors).toBeUndefined();
    const again = await stack.gql(PM, COMPLETE, { id: created.documentId });
    expect(errorOf(again)).toEqual({ message: 'This upload is already complete', code: 'invalid_input' });
    const abandon = await stack.gql(PM, ABANDON, { id: created.documentId });
    expect(errorOf(abandon).message).toBe('This upload is already complete');
    expect(await objectExists(created.documentId)).toBe(true);
    expect((await doc(created.documentId)).archived).toBe(false);
    expect((await staff(staffId)).cpd_evidence_document_id).toBe(created.documentId);
  });

  it('cleans up when the stored object is not the announced one: size, type, missing', async () => {
    const before = (await staff(staffId)).secondary_qualification_document_id;
    const bigger = await uploaded(
      { staffField: 'SECONDARY_QUALIFICATION' },
      Buffer.concat([PDF, Buffer.from('x')]),
    );
    const typed = await create(PM, { staffId, staffField: 'SECONDARY_QUALIFICATION' });
    await put(typed.data!.createDocument, PDF, 'image/png');
    const missing = await create(PM, { staffId, staffField: 'SECONDARY_QUALIFICATION' });
    const cases: Array<[number, string]> = [
      [bigger.documentId, 'The file received does not match the file chosen, please try again'],
      [
        typed.data!.createDocument.documentId,
        'The file received does not match the file chosen, please try again',
      ],
      [missing.data!.createDocument.documentId, 'The file did not reach storage, please try again'],
    ];
    for (const [id, message] of cases) {
      expect(errorOf(await stack.gql(PM, COMPLETE, { id }))).toEqual({ message, code: 'invalid_input' });
      const row = await doc(id);
      expect(row).toMatchObject({
        archived: true,
        uploaded_at: null,
        archived_by_id: PM.id,
      });
      expect(await objectExists(id)).toBe(false);
    }
    expect((await staff(staffId)).secondary_qualification_document_id).toBe(before);
  });

  it('refuses an object over the limit at completion with the spec message', async () => {
    // The service's limit, as MAX_FILE_SIZE_MB gives it; the object is bigger than announced.
    const created = await uploaded(
      { staffField: 'SECONDARY_QUALIFICATION', size: 10 },
      Buffer.alloc(100_000_001 / 1000),
    );
    const previous = stack.app.config.maxFileSizeMb;
    (stack.app.config as { maxFileSizeMb: number }).maxFileSizeMb = 0.05;
    try {
      const result = await stack.gql(PM, COMPLETE, { id: created.documentId });
      expect(errorOf(result)).toEqual({ message: 'File size exceeded 0.05MB', code: 'file_too_large' });
    } finally {
      (stack.app.config as { maxFileSizeMb: number }).maxFileSizeMb = previous;
    }
    expect((await doc(created.documentId)).archived).toBe(true);
    expect(await objectExists(created.documentId)).toBe(false);
  });

  it("abandons the caller's own pending upload: object removed, row archived", async () => {
    const created = await uploaded({ staffField: 'PRIMARY_QUALIFICATION' });
    expect(errorOf(await stack.gql(surveyor, ABANDON, { id: created.documentId }))).toMatchObject({
      code: 'not_found',
    });
    const result = await stack.gql<{ abandonDocument: unknown }>(PM, ABANDON, { id: created.documentId });
    expect(result.data!.abandonDocument).toEqual({ documentId: created.documentId, archived: true });
    expect(await doc(created.documentId)).toMatchObject({ archived: true, uploaded_at: null });
    expect(await objectExists(created.documentId)).toBe(false);
    expect(errorOf(await stack.gql(PM, COMPLETE, { id: created.documentId }))).toMatchObject({
      code: 'not_found',
    });
  });

  it('does not attach to a staff member archived while the file was uploading', async () => {
    const added = await createStaff(stack.sql, PRACTICE, {
      firstName: 'Temp',
      lastName: 'Person',
      type: 'support',
    });
    const created = await uploaded({ staffId: added, staffField: 'CPR_EVIDENCE' });
    await stack.sql.query('update practice_staff set archived = true where id = $1', [added]);
    const result = await stack.gql(PM, COMPLETE, { id: created.documentId });
    expect(errorOf(result)).toEqual({ message: 'There is no such staff member.', code: 'not_found' });
    expect((await doc(created.documentId)).archived).toBe(true);
    expect(await objectExists(created.documentId)).toBe(false);
  });

  /** A plain document of the PM in the GENERAL folder: created and PUT with these bytes. */
  async function put_(name: string, body: Buffer, contentType = '') {
    const result = await create(PM, { folderCode: 'GENERAL', name, contentType, size: body.length });
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    const created = result.data!.createDocument;
    expect((await put(created, body)).status).toBe(200);
    return created;
  }
  /** Nothing is left of an upload: no live row, no object. */
  async function nothingLeft(id: number) {
    const row = await doc(id);
    expect(row, `document ${id}`).toMatchObject({ archived: true, uploaded_at: null });
    expect(await stack.app.storage!.head(row.storage_key), `object of ${id}`).toBeNull();
  }

  it('takes real content of every accepted type', async () => {
    const files: Array<[string, Buffer]> = [
      [
        'Letter.docx',
        await zipOf({ '[Content_Types].xml': DOCX_TYPES, 'word/document.xml': '<w:document/>' }),
      ],
      ['Budget.xlsx', await zipOf({ '[Content_Types].xml': XLSX_TYPES, 'xl/workbook.xml': '<workbook/>' })],
      ['Plan.pages', await zipOf({ 'Index/Document.iwa': 'pages', 'Metadata/Properties.plist': 'plist' })],
      ['Old letter.doc', CFB],
      ['Old budget.xls', CFB],
      ['Logo.png', PNG],
      ['Banner.gif', GIF],
      ['Photo.jpg', JPEG],
      ['Policy.pdf', PDF],
    ];
    for (const [name, body] of files) {
      const created = await put_(name, body);
      const result = await stack.gql(PM, COMPLETE, { id: created.documentId });
      expect(result.errors, `${name}: ${JSON.stringify(result.errors)}`).toBeUndefined();
      expect((await doc(created.documentId)).uploaded_at, name).not.toBeNull();
    }
  });

  it('refuses a content lie: the object removed, the row retired, the reason said', async () => {
    const lies: Array<[string, Buffer, string]> = [
      ['Policy.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'pdf'],
      [
        'Budget.xlsx',
        await zipOf({ '[Content_Types].xml': DOCX_TYPES, 'word/document.xml': '<w:document/>' }),
        'xlsx',
      ],
      ['Minutes.doc', PDF, 'doc'],
      ['Logo.png', JPEG, 'png'],
      ['Plan.pages', Buffer.from('#!/bin/sh\necho not a document\n'), 'pages'],
    ];
    for (const [name, body, type] of lies) {
      const created = await put_(name, body);
      expect(errorOf(await stack.gql(PM, COMPLETE, { id: created.documentId })), name).toEqual({
        message: `The file's content is not that of a ${type} file, please check the file and try again`,
        code: 'unsupported_file_type',
      });
      await nothingLeft(created.documentId);
    }
  });

  it('leaves nothing behind when an upload is interrupted at any step', async () => {
    // 1. Created, then the PUT never starts (the browser reports it).
    const noPut = (await create(PM, { folderCode: 'GENERAL' })).data!.createDocument;
    await stack.gql(PM, ABANDON, { id: noPut.documentId });
    await nothingLeft(noPut.documentId);
    // 2. Cancelled after (or during) the PUT.
    const cancelled = await put_('Cancelled.pdf', PDF);
    await stack.gql(PM, ABANDON, { id: cancelled.documentId });
    await nothingLeft(cancelled.documentId);
    // 3. The PUT cut short: storage holds less than was announced.
    const announced = await create(PM, { folderCode: 'GENERAL', name: 'Cut.pdf', size: PDF.length * 2 });
    await put(announced.data!.createDocument, PDF);
    expect(
      errorOf(await stack.gql(PM, COMPLETE, { id: announced.data!.createDocument.documentId })),
    ).toMatchObject({
      code: 'invalid_input',
    });
    await nothingLeft(announced.data!.createDocument.documentId);
    // 4. The right to upload lost before completion.
    const demoted = await createUser(stack.sql);
    await addPracticeRole(stack.sql, PRACTICE, demoted.id, 'PM');
    const started = await create(demoted, { folderCode: 'GENERAL' });
    await put(started.data!.createDocument);
    await stack.sql.query('update practice_users set active = false where user_id = $1', [demoted.id]);
    expect(
      errorOf(await stack.gql(demoted, COMPLETE, { id: started.data!.createDocument.documentId })),
    ).toMatchObject({
      code: 'not_found',
    });
    await nothingLeft(started.data!.createDocument.documentId);
    // 5. Never completed nor abandoned (the tab closed): housekeeping retires it a day later.
    const forgotten = await put_('Forgotten.pdf', PDF);
    expect((await doc(forgotten.documentId)).archived).toBe(false);
    await stack.app.runHousekeeping({ now: new Date(Date.now() + 25 * 3_600_000) });
    await nothingLeft(forgotten.documentId);
  });
});
