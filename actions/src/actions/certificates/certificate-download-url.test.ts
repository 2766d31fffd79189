import { addPracticeRole, createCertificate, createPractice, createUser } from '@portal/testkit/factories';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `certificateDownloadUrl` (the Accreditations list's downloads, spec 001 §2) against the real
 * engine, actions service, database and s3rver, on data of the test's own: the file goes to
 * whoever may read the certificate through GraphQL, and to nobody else.
 */

const DOWNLOAD = `query Download($id: Int!) {
  certificateDownloadUrl(certificateId: $id) { certificateId name url expiresAt } }`;
const LIST = (practiceId: number) =>
  `{ certificates(where: {practice_id: {_eq: ${practiceId}}}) { id has_file } }`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const NOT_FOUND = { message: 'There is no such certificate file', code: 'not_found' };

type Answer = { certificateId: number; name: string; url: string; expiresAt: string };
type GqlError = { errors?: Array<{ message: string; extensions?: { code?: string } }> };
const errorOf = (result: GqlError) => ({
  message: result.errors?.[0]?.message,
  code: result.errors?.[0]?.extensions?.code,
});

let stack: TestStack;
let practiceId: number;
/** Certificates by what they are. */
const ids: Record<string, number> = {};
/** Callers by who they are. */
const callers: Record<string, string> = {};

const download = (caller: string, id: number) =>
  stack.gql<{ certificateDownloadUrl: Answer }>(caller, DOWNLOAD, { id });
const user = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(stack.sql, { password: DEMO_PASSWORD, ...overrides });

/** A certificate of the practice with its PDF in storage. */
async function certificateWithFile(practice: number, columns: Record<string, unknown> = {}) {
  const key = `certificates/${practice}/${Math.random().toString(36).slice(2)}.pdf`;
  const { id } = await createCertificate(stack.sql, practice, { storage_key: key, ...columns });
  await stack.app.storage!.put(key, PDF, 'application/pdf');
  return id as number;
}

beforeAll(async () => {
  stack = await startTestStack({ s3: true });
  practiceId = (await createPractice(stack.sql, { name: 'Seaview Medical' })).id;
  ids.valid = await certificateWithFile(practiceId, { expiry_date: '2028-03-03' });
  ids.noFile = (await createCertificate(stack.sql, practiceId)).id;
  ids.superseded = await certificateWithFile(practiceId, { validity: 'SUPERSEDED' });
  ids.revoked = await certificateWithFile(practiceId, { validity: 'REVOKED' });
  const otherPractice = (await createPractice(stack.sql)).id;
  ids.otherPractice = await certificateWithFile(otherPractice);

  const pm = await user();
  await addPracticeRole(stack.sql, practiceId, pm.id, 'PM');
  callers.pm = pm.email;
  const surveyor = await user({ isSurveyor: true });
  await addPracticeRole(stack.sql, practiceId, surveyor.id, 'SU');
  callers.surveyor = surveyor.email;
  callers.qam = (await user({ isQam: true })).email;
  callers.admin = (await user({ isAdmin: true })).email;
  const otherPm = await user();
  await addPracticeRole(stack.sql, otherPractice, otherPm.id, 'PM');
  callers.otherPm = otherPm.email;
  // A surveyor of no practice of these: surveyor of the practice means a role on it.
  callers.otherSurveyor = (await user({ isSurveyor: true })).email;
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

describe('certificateDownloadUrl', () => {
  it("gives the practice's PM the PDF, named after the practice, the type and the expiry", async () => {
    const result = await download(callers.pm!, ids.valid!);
    expect(result.errors).toBeUndefined();
    const answer = result.data!.certificateDownloadUrl;
    const name = 'Seaview Medical - Accreditation certificate - 3 Mar 2028.pdf';
    expect(answer).toMatchObject({ certificateId: ids.valid, name });
    expect(new Date(answer.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(answer.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 2 * 60_000);
    const file = await fetch(answer.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    expect(file.headers.get('content-disposition')).toContain(`filename="${name}"`);
  });

  it("gives it to a surveyor of the practice, the QAM and the admin; not to another practice's PM or a surveyor of none", async () => {
    for (const who of ['surveyor', 'qam', 'admin']) {
      const result = await download(callers[who]!, ids.valid!);
      expect(result.errors, who).toBeUndefined();
      expect((await fetch(result.data!.certificateDownloadUrl.url)).status, who).toBe(200);
    }
    for (const who of ['otherPm', 'otherSurveyor'])
      expect(errorOf(await download(callers[who]!, ids.valid!)), who).toEqual(NOT_FOUND);
    expect(errorOf(await download(callers.pm!, ids.otherPractice!))).toEqual(NOT_FOUND);
  });

  it('answers a certificate without a file, and a missing one, like one the caller cannot read', async () => {
    for (const who of ['pm', 'admin']) {
      expect(errorOf(await download(callers[who]!, ids.noFile!)), who).toEqual(NOT_FOUND);
      expect(errorOf(await download(callers[who]!, 2_000_000_000)), who).toEqual(NOT_FOUND);
    }
  });

  it('keeps superseded and revoked certificates to the back office', async () => {
    for (const id of [ids.superseded!, ids.revoked!]) {
      for (const who of ['pm', 'surveyor'])
        expect(errorOf(await download(callers[who]!, id)), `${who} ${id}`).toEqual(NOT_FOUND);
      for (const who of ['qam', 'admin'])
        expect((await download(callers[who]!, id)).errors, `${who} ${id}`).toBeUndefined();
    }
  });

  it('refuses a forged or absent token before the action runs', async () => {
    for (const authorization of ['Bearer forged.token.value', undefined]) {
      const response = await fetch(stack.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ query: DOWNLOAD, variables: { id: ids.valid } }),
      });
      const body = (await response.json()) as { data?: unknown } & GqlError;
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toMatch(
        authorization ? /^invalid-jwt$/ : /^invalid-headers$/,
      );
    }
  });

  it('follows the GraphQL select permission exactly, and tells every reader which have a file', async () => {
    const all = Object.values(ids);
    for (const [who, caller] of Object.entries(callers)) {
      const listed = await stack.gql<{ certificates: Array<{ id: number; has_file: boolean }> }>(
        caller,
        `{ certificates(where: {id: {_in: [${all.join(',')}]}}) { id has_file } }`,
      );
      expect(listed.errors, who).toBeUndefined();
      const readable = listed.data!.certificates;
      expect(
        readable.map((c) => c.has_file),
        who,
      ).toEqual(readable.map((c) => c.id !== ids.noFile));
      const downloadable: number[] = [];
      for (const id of all) if (!(await download(caller, id)).errors) downloadable.push(id);
      expect(
        downloadable.sort((a, b) => a - b),
        who,
      ).toEqual(
        readable
          .filter((c) => c.has_file)
          .map((c) => c.id)
          .sort((a, b) => a - b),
      );
    }
    const pmSees = await stack.gql<{ certificates: Array<{ id: number; has_file: boolean }> }>(
      callers.pm!,
      LIST(practiceId),
    );
    expect(pmSees.data!.certificates.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [ids.valid!, ids.noFile!].sort((a, b) => a - b),
    );
  });
});
