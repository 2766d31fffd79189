import {
  addPracticeRole,
  createDocument,
  createFolder,
  createManagedPractice,
  createSurveyedPractice,
  createUser,
  insertRow,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signTicket, ticketKey, verifyTicket } from '../../lib/signed-ticket.ts';
import { ZIP_TICKET_PURPOSE } from '../../services/documents/create-documents-zip-url.ts';

/**
 * documentsZipUrl and GET /api/documents/zip (spec 002 §7 document/download and
 * download-folder) against the real engine, actions service, database and s3rver: the zip holds
 * exactly the right files under the right names, and every probe is refused.
 */

const ZIP_URL = `query Zip($practiceId: Int!, $ids: [Int!], $folderId: Int) {
  documentsZipUrl(practiceId: $practiceId, documentIds: $ids, folderId: $folderId) { url name expiresAt count } }`;

type ZipUrl = { url: string; name: string; expiresAt: string; count: number };
type Caller = Parameters<TestStack['gql']>[0];

describe('zip downloads of documents', () => {
  let stack: TestStack;
  let PRACTICE: number;
  let practiceName: string;
  let PM: TestUser;
  let surveyor: TestUser;
  let OTHER: number;
  let otherPM: TestUser;
  let qam: TestUser & { role: string };
  let folder: number;
  let folderName: string;
  let otherFolder: number;

  const errorOf = (result: Awaited<ReturnType<TestStack['gql']>>) => ({
    message: result.errors?.[0]?.message,
    code: result.errors?.[0]?.extensions?.code,
  });
  /** An uploaded document whose object holds `body` (none when `body` is null). */
  async function stored(
    practiceId: number,
    name: string,
    body: string | null,
    columns: Record<string, unknown> = {},
  ) {
    const document = await createDocument(stack.sql, practiceId, { name, folder_id: folder, ...columns });
    if (body !== null)
      await stack.app.storage!.put(String(document.storage_key), Buffer.from(body), 'application/pdf');
    return document.id;
  }
  const zipUrl = (caller: Caller, vars: Record<string, unknown>) =>
    stack.gql<{ documentsZipUrl: ZipUrl }>(caller, ZIP_URL, { practiceId: PRACTICE, ...vars });
  const origin = () => stack.actionsUrl.replace(/\/api$/, '');
  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${origin()}${url}`, { headers });
  /** The zip's entries, name → text. */
  async function entriesOf(response: Response): Promise<Record<string, string>> {
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()), { checkCRC32: true });
    const entries: Record<string, string> = {};
    for (const file of Object.values(zip.files)) entries[file.name] = await file.async('string');
    return entries;
  }
  async function issued(caller: Caller, vars: Record<string, unknown>) {
    const result = await zipUrl(caller, vars);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data!.documentsZipUrl;
  }

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated', s3: true });
    ({
      id: PRACTICE,
      name: practiceName,
      pm: PM,
    } = await createManagedPractice(stack.sql, { name: 'Harbour Clinic' }));
    ({ id: OTHER, pm: otherPM } = await createManagedPractice(stack.sql));
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, PRACTICE, surveyor.id, 'SU');
    qam = { ...(await createUser(stack.sql, { isQam: true })), role: 'qam' };
    folderName = 'Policies 2025';
    folder = (await createFolder(stack.sql, PRACTICE, { name: folderName })).id;
    otherFolder = (await createFolder(stack.sql, PRACTICE)).id;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('zips a selection with unique names, streamed as an attachment named after the practice', async () => {
    const a = await stored(PRACTICE, 'report.pdf', 'first report');
    const b = await stored(PRACTICE, 'Report.pdf', 'second report');
    const c = await stored(PRACTICE, 'Minutes.docx', 'minutes');
    await stored(PRACTICE, 'not chosen.pdf', 'not chosen');
    const link = await issued(PM, { ids: [a, b, c] });
    expect(link).toMatchObject({ name: `${practiceName} documents.zip`, count: 3 });
    expect(link.url).toMatch(/^\/api\/documents\/zip\?ticket=[\w-]+\.[\w-]+$/);
    const expires = new Date(link.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(60_000);
    expect(expires).toBeLessThanOrEqual(120_000);

    const response = await get(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Harbour Clinic documents.zip"; filename*=UTF-8''Harbour%20Clinic%20documents.zip`,
    );
    // Newest first; the second 'report.pdf' (ignoring case) gets ' (2)'.
    expect(await entriesOf(response)).toEqual({
      'Minutes.docx': 'minutes',
      'Report.pdf': 'second report',
      'report (2).pdf': 'first report',
    });
  });

  it('zips a whole folder: its live, uploaded documents and nothing else, named after the folder', async () => {
    const folderOnly = (await createFolder(stack.sql, PRACTICE, { name: 'Deeds' })).id;
    const inFolder = { folder_id: folderOnly };
    await stored(PRACTICE, 'deed.pdf', 'deed', inFolder);
    await stored(PRACTICE, 'deed.pdf', 'deed again', inFolder);
    await stored(PRACTICE, 'plan.xlsx', 'plan', inFolder);
    await stored(PRACTICE, 'archived.pdf', 'archived', {
      ...inFolder,
      archived: true,
      archived_at: new Date(),
    });
    await stored(PRACTICE, 'pending.pdf', 'pending', { ...inFolder, uploaded_at: null });
    await stored(PRACTICE, 'elsewhere.pdf', 'elsewhere', { folder_id: otherFolder });
    const link = await issued(surveyor, { folderId: folderOnly });
    expect(link).toMatchObject({ name: 'Deeds.zip', count: 3 });
    const response = await get(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="Deeds.zip"');
    expect(await entriesOf(response)).toEqual({
      'plan.xlsx': 'plan',
      'deed.pdf': 'deed again',
      'deed (2).pdf': 'deed',
    });
  });

  it('leaves a missing object out and names it in Missing files.txt', async () => {
    const present = await stored(PRACTICE, 'present.pdf', 'here');
    const gone = await stored(PRACTICE, 'gone.pdf', null);
    const response = await get((await issued(PM, { ids: [present, gone] })).url);
    expect(response.status).toBe(200);
    const entries = await entriesOf(response);
    expect(Object.keys(entries).sort()).toEqual(['Missing files.txt', 'present.pdf']);
    expect(entries['present.pdf']).toBe('here');
    expect(entries['Missing files.txt']).toContain('gone.pdf');
    const { rows } = await stack.sql.query(
      'select id, object_missing_at is not null as missing from documents where id = any($1) order by id',
      [[present, gone]],
    );
    expect(rows).toEqual([
      { id: present, missing: false },
      { id: gone, missing: true },
    ]);
  });

  it('says a single document whose object is missing is unavailable, stamped and logged once', async () => {
    const DOWNLOAD = 'query D($id: Int!) { documentDownloadUrl(documentId: $id) { url name } }';
    const id = await stored(PRACTICE, 'lost.pdf', null);
    const logged = vi.spyOn(stack.app.log, 'error');
    try {
      const stamps: unknown[] = [];
      for (let i = 0; i < 2; i++) {
        expect(errorOf(await stack.gql(PM, DOWNLOAD, { id }))).toEqual({
          message:
            'This document is unavailable: its file is missing. Please contact your systems administrator.',
          code: 'not_found',
        });
        stamps.push(
          (await stack.sql.query('select object_missing_at from documents where id = $1', [id])).rows[0],
        );
      }
      // Stamped at the first download, not again; the loss is logged once.
      expect(stamps[0]).toEqual(stamps[1]);
      expect(stamps[0]).toEqual({ object_missing_at: expect.any(Date) });
      const reports = logged.mock.calls.filter(
        ([, message]) => message === 'the object of a document is missing from storage',
      );
      expect(reports).toEqual([
        [expect.objectContaining({ documentId: id }), 'the object of a document is missing from storage'],
      ]);
      // GraphQL tells the web it is unavailable.
      const read = await stack.gql<{ documents: Array<{ object_missing_at: string | null }> }>(
        PM,
        `{ documents(where: {id: {_eq: ${id}}}) { object_missing_at } }`,
      );
      expect(read.data!.documents[0]!.object_missing_at).not.toBeNull();
    } finally {
      logged.mockRestore();
    }
    // Restored from a backup: available again.
    const key = (await stack.sql.query('select storage_key from documents where id = $1', [id])).rows[0]
      .storage_key;
    await stack.app.storage!.put(key, Buffer.from('%PDF-1.4 restored'), 'application/pdf');
    expect((await stack.gql(PM, DOWNLOAD, { id })).errors).toBeUndefined();
    expect(
      (await stack.sql.query('select object_missing_at from documents where id = $1', [id])).rows[0],
    ).toEqual({
      object_missing_at: null,
    });
  });

  it("refuses another practice's documents and folders, mixed practices, both or neither, over 500", async () => {
    const mine = await stored(PRACTICE, 'mine.pdf', 'mine');
    const theirs = await stored(OTHER, 'theirs.pdf', 'theirs', {
      folder_id: (await createFolder(stack.sql, OTHER)).id,
    });
    // Another practice's manager asks for this practice: as if it did not exist.
    expect(errorOf(await zipUrl(otherPM, { ids: [mine] }))).toEqual({
      message: 'There is no such practice.',
      code: 'not_found',
    });
    expect(errorOf(await zipUrl(otherPM, { folderId: folder }))).toMatchObject({ code: 'not_found' });
    // Their own practice, with this practice's document slipped in.
    expect(errorOf(await zipUrl(otherPM, { practiceId: OTHER, ids: [theirs, mine] }))).toEqual({
      message: 'There is no such document',
      code: 'not_found',
    });
    // Their practice's id with this practice's folder.
    expect(errorOf(await zipUrl(otherPM, { practiceId: OTHER, folderId: folder }))).toEqual({
      message: 'There is no such folder.',
      code: 'not_found',
    });
    expect(errorOf(await zipUrl(qam, { ids: [mine, theirs] }))).toMatchObject({ code: 'not_found' });
    expect(errorOf(await zipUrl(PM, { ids: [mine], folderId: folder }))).toEqual({
      message: 'Choose documents or a folder to download, not both',
      code: 'invalid_input',
    });
    expect(errorOf(await zipUrl(PM, {}))).toMatchObject({ code: 'invalid_input' });
    expect(errorOf(await zipUrl(PM, { ids: Array.from({ length: 501 }, (_, i) => mine + i) }))).toEqual({
      message: 'Choose at most 500 documents at a time',
      code: 'invalid_input',
    });
    const archived = await stored(PRACTICE, 'old.pdf', 'old', { archived: true, archived_at: new Date() });
    expect(errorOf(await zipUrl(PM, { ids: [mine, archived] }))).toMatchObject({ code: 'not_found' });
    expect(errorOf(await zipUrl(await createUser(stack.sql), { ids: [mine] }))).toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses a forged, altered, expired or foreign link with 401/403 and a clear body', async () => {
    const id = await stored(PRACTICE, 'secret.pdf', 'secret');
    const link = await issued(PM, { ids: [id] });
    const ticket = new URL(link.url, 'http://x').searchParams.get('ticket')!;
    const key = ticketKey(stack.app.config.jwt.key, ZIP_TICKET_PURPOSE);
    const payload = verifyTicket(ticket, key)!;
    const { exp: _exp, ...claims } = payload;
    const invalid = {
      code: 'unauthorized',
      message: 'This download link is not valid or has expired, please download again',
    };

    const noTicket = await get('/api/documents/zip');
    expect(noTicket.status).toBe(400);
    // The other practice's manager rewrites the ticket to name themselves: the signature fails.
    const [body, signature] = ticket.split('.');
    const altered = Buffer.from(JSON.stringify({ ...payload, userId: otherPM.id })).toString('base64url');
    for (const forged of [
      `${altered}.${signature}`,
      `${body}.${'A'.repeat(43)}`,
      'not-a-ticket',
      `${body}`,
    ]) {
      const response = await get(`/api/documents/zip?ticket=${encodeURIComponent(forged)}`);
      expect(response.status, forged).toBe(401);
      expect(await response.json()).toEqual(invalid);
    }
    // Signed with another purpose's key (e.g. an access token's), or expired.
    const otherKey = signTicket(claims, ticketKey(stack.app.config.jwt.key, 'other'), 120);
    const expired = signTicket(claims, key, 120, Date.now() - 3 * 60_000);
    for (const bad of [otherKey, expired]) {
      const response = await get(`/api/documents/zip?ticket=${bad}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(invalid);
    }
    // Opened with someone else's bearer token.
    const foreign = await get(link.url, {
      authorization: `Bearer ${await stack.tokenFor(otherPM.email, otherPM.password)}`,
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      code: 'forbidden',
      message: 'You may no longer download these documents',
    });
    // The ticket's own user with their token is fine.
    const own = await get(link.url, {
      authorization: `Bearer ${await stack.tokenFor(PM.email, PM.password)}`,
    });
    expect(own.status).toBe(200);
    expect(await entriesOf(own)).toEqual({ 'secret.pdf': 'secret' });
  });

  it('checks permission again at GET: a role removed or a session ended since refuses the link', async () => {
    const id = await stored(PRACTICE, 'rechecked.pdf', 'rechecked');
    const leaving = await createUser(stack.sql);
    await addPracticeRole(stack.sql, PRACTICE, leaving.id, 'PM');
    const link = await issued(leaving, { ids: [id] });
    await stack.sql.query('update practice_users set active = false where user_id = $1', [leaving.id]);
    const refused = await get(link.url);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'forbidden',
      message: 'You may no longer download these documents',
    });

    const signingOut = await createUser(stack.sql);
    await addPracticeRole(stack.sql, PRACTICE, signingOut.id, 'PM');
    const second = await issued(signingOut, { ids: [id] });
    await stack.sql.query('update sessions set revoked_at = now() where user_id = $1', [signingOut.id]);
    expect((await get(second.url)).status).toBe(401);
  });

  it("keeps a survey finding's documents to those who may read the finding: download, zips and their link, archive", async () => {
    // The evidence a surveyor attaches to a finding of a survey in progress (docs/security.md). The
    // practice manager reads no finding before the review, a visitor none before signing the
    // confidentiality agreement: neither gets its file by any route, nor learns it exists.
    const surveyed = await createSurveyedPractice(stack.sql, { surveyors: 2 });
    const [signed, unsigned] = surveyed.surveyors as [TestUser, TestUser];
    const pm = surveyed.pm;
    const practice = surveyed.practice.id;
    await insertRow(stack.sql, 'confidentiality_signs', {
      assessment_id: surveyed.survey.id,
      user_id: signed.id,
    });
    const evidenceFolder = (await createFolder(stack.sql, practice, { name: 'Survey evidence' })).id;
    const at = { folder_id: evidenceFolder };
    const evidence = await stored(practice, 'fridge-log.pdf', 'fridge log', {
      ...at,
      indicator_response_id: surveyed.survey.responseIds[0],
      created_by_id: signed.id,
    });
    const policy = await stored(practice, 'policy.pdf', 'policy', at);
    const own = { practiceId: practice };
    const DOWNLOAD = 'query D($id: Int!) { documentDownloadUrl(documentId: $id) { url name } }';
    const ARCHIVE = 'mutation A($ids: [Int!]!) { archiveDocuments(documentIds: $ids) { documentIds } }';
    const noSuchDocument = { message: 'There is no such document', code: 'not_found' };
    const setStatus = (status: string) =>
      stack.sql.query('update assessments set status = $1 where id = $2', [status, surveyed.survey.id]);

    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW']) {
      await setStatus(status);
      const refusedTo = status === 'IN_PROGRESS' ? [pm, unsigned] : [pm];
      for (const caller of refusedTo) {
        const who = `${status} ${caller === pm ? 'PM' : 'unsigned surveyor'}`;
        expect(errorOf(await stack.gql(caller, DOWNLOAD, { id: evidence })), who).toEqual(noSuchDocument);
        expect(errorOf(await zipUrl(caller, { ...own, ids: [evidence] })), who).toEqual(noSuchDocument);
        expect(errorOf(await zipUrl(caller, { ...own, ids: [policy, evidence] })), who).toEqual(
          noSuchDocument,
        );
        // The folder's zip is what their folder lists: the policy only.
        const folderZip = await issued(caller, { ...own, folderId: evidenceFolder });
        expect(folderZip.count, who).toBe(1);
        expect(await entriesOf(await get(folderZip.url)), who).toEqual({ 'policy.pdf': 'policy' });
        expect(errorOf(await stack.gql(caller, ARCHIVE, { ids: [evidence] })), who).toEqual(noSuchDocument);
      }
    }
    expect(
      (await stack.sql.query('select archived from documents where id = $1', [evidence])).rows[0],
    ).toEqual({ archived: false });

    // Whoever reads the finding has its file: the signed visitor while in progress, the back
    // office always, the practice manager once reviewed.
    await setStatus('IN_PROGRESS');
    for (const caller of [signed, qam]) {
      const download = await stack.gql<{ documentDownloadUrl: { url: string } }>(caller, DOWNLOAD, {
        id: evidence,
      });
      expect(download.errors, caller.email).toBeUndefined();
      expect(await (await fetch(download.data!.documentDownloadUrl.url)).text()).toBe('fridge log');
      const folderZip = await issued(caller, { ...own, folderId: evidenceFolder });
      expect(await entriesOf(await get(folderZip.url))).toEqual({
        'fridge-log.pdf': 'fridge log',
        'policy.pdf': 'policy',
      });
    }
    await setStatus('ACTION_REQUIRED');
    expect((await stack.gql(pm, DOWNLOAD, { id: evidence })).errors).toBeUndefined();
    const link = await issued(pm, { ...own, ids: [policy, evidence] });
    // Reopened for review after the link was made: the GET leaves the finding's file out.
    await setStatus('UNDER_REVIEW');
    expect(await entriesOf(await get(link.url))).toEqual({ 'policy.pdf': 'policy' });
  });

  it('leaves out documents archived since the link was made', async () => {
    const kept = await stored(PRACTICE, 'kept.pdf', 'kept');
    const dropped = await stored(PRACTICE, 'dropped.pdf', 'dropped');
    const link = await issued(PM, { ids: [kept, dropped] });
    await stack.sql.query('update documents set archived = true where id = $1', [dropped]);
    const response = await get(link.url);
    expect(response.status).toBe(200);
    expect(await entriesOf(response)).toEqual({ 'kept.pdf': 'kept' });
    await stack.sql.query('update documents set archived = true where id = $1', [kept]);
    const none = await get(link.url);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe('There are no documents to download');
  });
});
