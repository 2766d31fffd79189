import {
  addPracticeRole,
  createAccreditation,
  createAssessment,
  createDocument,
  createFolder,
  createManagedPractice,
  createStandards,
  createUser,
  providerFolder,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * archiveDocuments and moveDocuments (spec 002 §7 batch-delete and batch-move) against
 * the real engine, actions service and database: one transaction each, all or none, and the
 * probes an attacker would try.
 */

const ARCHIVE = `mutation Archive($ids: [Int!]!) {
  archiveDocuments(documentIds: $ids) { documentIds message } }`;
const MOVE = `mutation Move($ids: [Int!]!, $from: Int!, $to: Int!) {
  moveDocuments(documentIds: $ids, fromFolderId: $from, toFolderId: $to) { documentIds folderId message } }`;

type Caller = Parameters<TestStack['gql']>[0];
type GqlResult = Awaited<ReturnType<TestStack['gql']>>;

describe('archiveDocuments and moveDocuments', () => {
  let stack: TestStack;
  let PRACTICE: number;
  let PM: TestUser;
  let surveyor: TestUser;
  let OTHER: number;
  let otherPM: TestUser;
  let qam: TestUser & { role: string };
  let general: number;
  let policies: number;
  let ownFolder: number;
  let hiddenFolder: number;
  let otherPracticeFolder: number;

  const errorOf = (result: GqlResult) => ({
    message: result.errors?.[0]?.message,
    code: result.errors?.[0]?.extensions?.code,
  });
  const rows = async (ids: number[]) =>
    (
      await stack.sql.query(
        'select id, archived, archived_at, archived_by_id, folder_id from documents where id = any($1) order by id',
        [ids],
      )
    ).rows;
  const docs = async (n: number, practiceId = PRACTICE, columns: Record<string, unknown> = {}) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push((await createDocument(stack.sql, practiceId, columns)).id);
    return ids;
  };
  const archive = (caller: Caller, ids: number[]) => stack.gql(caller, ARCHIVE, { ids });
  const move = (caller: Caller, ids: number[], from: number, to: number) =>
    stack.gql(caller, MOVE, { ids, from, to });
  /** The documents are untouched: live and in their folder. */
  const untouched = async (ids: number[], folder = general) =>
    expect(await rows(ids)).toEqual(
      ids.map((id) => ({ id, archived: false, archived_at: null, archived_by_id: null, folder_id: folder })),
    );

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    ({ id: PRACTICE, pm: PM } = await createManagedPractice(stack.sql));
    ({ id: OTHER, pm: otherPM } = await createManagedPractice(stack.sql));
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, PRACTICE, surveyor.id, 'SU');
    qam = { ...(await createUser(stack.sql, { isQam: true })), role: 'qam' };
    general = await providerFolder(stack.sql, 'GENERAL');
    policies = await providerFolder(stack.sql, 'POLICIES');
    ownFolder = (await createFolder(stack.sql, PRACTICE)).id;
    hiddenFolder = (await createFolder(stack.sql, PRACTICE, { visible: false })).id;
    otherPracticeFolder = (await createFolder(stack.sql, OTHER)).id;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  describe('archiveDocuments', () => {
    it('archives one document with who and when, the object kept, and says so in the singular', async () => {
      const [id] = await docs(1);
      const result = await archive(PM, [id!]);
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({
        archiveDocuments: { documentIds: [id], message: 'Successfully archived document' },
      });
      const [row] = await rows([id!]);
      expect(row).toMatchObject({ archived: true, archived_by_id: PM.id });
      expect(row.archived_at).toBeInstanceOf(Date);
      // Still a row (never deleted), gone from the practice's GraphQL view.
      const listed = await stack.gql<{ documents: unknown[] }>(
        PM,
        `{ documents(where: {id: {_eq: ${id}}}) { id } }`,
      );
      expect(listed.data!.documents).toEqual([]);
    });

    it('archives a batch in one call, in the plural; the back office any practice', async () => {
      const ids = await docs(3);
      const result = await archive(PM, ids);
      expect(result.data).toEqual({
        archiveDocuments: { documentIds: ids, message: 'Successfully archived documents.' },
      });
      expect((await rows(ids)).every((r) => r.archived && r.archived_by_id === PM.id)).toBe(true);

      const others = await docs(2, OTHER);
      expect((await archive(qam, others)).errors).toBeUndefined();
      expect((await rows(others)).every((r) => r.archived && r.archived_by_id === qam.id)).toBe(true);
    });

    it('refuses the whole batch when one id is not archivable, changing nothing', async () => {
      const mine = await docs(2);
      const [theirs] = await docs(1, OTHER);
      const [archived] = await docs(1, PRACTICE, { archived: true, archived_at: new Date() });
      const [pending] = await docs(1, PRACTICE, { uploaded_at: null });
      for (const extra of [theirs!, archived!, pending!, 999_999]) {
        expect(errorOf(await archive(PM, [...mine, extra])), String(extra)).toEqual({
          message: 'There is no such document',
          code: 'not_found',
        });
      }
      await untouched(mine);
      await untouched([theirs!]);
    });

    it("refuses another practice's documents, users of no practice and the practice's surveyor", async () => {
      const ids = await docs(2);
      for (const caller of [otherPM, await createUser(stack.sql)])
        expect(errorOf(await archive(caller, ids))).toEqual({
          message: 'There is no such document',
          code: 'not_found',
        });
      expect(errorOf(await archive(surveyor, ids))).toEqual({
        message: 'You cannot archive these documents',
        code: 'forbidden',
      });
      await untouched(ids);
    });

    it('refuses more than 500 ids, none, and documents of two practices', async () => {
      const ids = await docs(1);
      const many = Array.from({ length: 501 }, (_, i) => ids[0]! + i);
      expect(errorOf(await archive(PM, many))).toEqual({
        message: 'Choose at most 500 documents at a time',
        code: 'invalid_input',
      });
      expect(errorOf(await archive(PM, []))).toEqual({
        message: 'Choose at least one document',
        code: 'invalid_input',
      });
      const [theirs] = await docs(1, OTHER);
      expect(errorOf(await archive(qam, [...ids, theirs!]))).toEqual({
        message: 'The documents chosen belong to more than one practice',
        code: 'invalid_input',
      });
      await untouched([...ids, theirs!]);
    });

    it('keeps the indicator file rule: its uploader, while the self assessment is in progress', async () => {
      const standards = await createStandards(stack.sql, 1);
      const cycle = (status: string) =>
        createAccreditation(stack.sql, PRACTICE, { survey_version_id: standards.version.id, status });
      const indicatorIds = standards.indicators.map((i) => i.id);
      const open = await createAssessment(stack.sql, (await cycle('OPEN')).id, {}, indicatorIds);
      const submitted = await createAssessment(
        stack.sql,
        (await cycle('CLOSED')).id,
        { status: 'UNDER_REVIEW' },
        indicatorIds,
      );
      const secondPM = await createUser(stack.sql);
      await addPracticeRole(stack.sql, PRACTICE, secondPM.id, 'PM');
      const file = async (responseId: number, by: number) =>
        (
          await createDocument(stack.sql, PRACTICE, {
            indicator_response_id: responseId,
            created_by_id: by,
          })
        ).id;
      const othersFile = await file(open.responseIds[0]!, secondPM.id);
      expect(errorOf(await archive(PM, [othersFile]))).toMatchObject({ code: 'forbidden' });
      const lockedFile = await file(submitted.responseIds[0]!, PM.id);
      expect(errorOf(await archive(PM, [lockedFile]))).toEqual({
        message:
          'An indicator file can be deleted only by the person who uploaded it, while the self assessment is in progress',
        code: 'forbidden',
      });
      await untouched([othersFile, lockedFile]);

      const ownFile = await file(open.responseIds[0]!, PM.id);
      expect((await archive(PM, [ownFile])).errors).toBeUndefined();
      expect((await archive(qam, [lockedFile])).errors).toBeUndefined();
      expect((await rows([ownFile, lockedFile])).map((r) => r.archived)).toEqual([true, true]);
    });
  });

  describe('moveDocuments', () => {
    it("moves documents from the open folder to the provider's or the practice's own", async () => {
      const ids = await docs(2);
      const result = await move(PM, ids, general, ownFolder);
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({
        moveDocuments: { documentIds: ids, folderId: ownFolder, message: 'Successfully moved documents.' },
      });
      expect((await rows(ids)).map((r) => r.folder_id)).toEqual([ownFolder, ownFolder]);
      expect((await move(PM, ids, ownFolder, policies)).errors).toBeUndefined();
      expect((await rows(ids)).map((r) => [r.folder_id, r.archived])).toEqual([
        [policies, false],
        [policies, false],
      ]);
    });

    it('refuses the open folder, a hidden, archived, unknown or other practice folder as target', async () => {
      const ids = await docs(2);
      expect(errorOf(await move(PM, ids, general, general))).toEqual({
        message: 'Choose a folder other than the open one',
        code: 'invalid_input',
      });
      const archivedFolder = (await createFolder(stack.sql, PRACTICE, { archived: true })).id;
      for (const target of [hiddenFolder, archivedFolder, otherPracticeFolder, 999_999])
        expect(errorOf(await move(PM, ids, general, target)), String(target)).toEqual({
          message: 'There is no such folder.',
          code: 'not_found',
        });
      await untouched(ids);
    });

    it('refuses documents no longer in the open folder, and the whole batch with them', async () => {
      const ids = await docs(2);
      const [elsewhere] = await docs(1, PRACTICE, { folder_id: policies });
      expect(errorOf(await move(PM, [...ids, elsewhere!], general, ownFolder))).toEqual({
        message: 'Some of the documents are no longer in this folder, please refresh and try again',
        code: 'invalid_input',
      });
      await untouched(ids);
      await untouched([elsewhere!], policies);
    });

    it('refuses probes: other practice, mixed practices, archived ids, the surveyor, over 500', async () => {
      const ids = await docs(2);
      const [theirs] = await docs(1, OTHER);
      const [archived] = await docs(1, PRACTICE, { archived: true, archived_at: new Date() });
      expect(errorOf(await move(otherPM, ids, general, policies))).toMatchObject({ code: 'not_found' });
      expect(errorOf(await move(PM, [theirs!], general, policies))).toMatchObject({ code: 'not_found' });
      expect(errorOf(await move(qam, [...ids, theirs!], general, policies))).toEqual({
        message: 'The documents chosen belong to more than one practice',
        code: 'invalid_input',
      });
      expect(errorOf(await move(PM, [...ids, archived!], general, policies))).toMatchObject({
        code: 'not_found',
      });
      expect(errorOf(await move(surveyor, ids, general, policies))).toEqual({
        message: 'You cannot move these documents',
        code: 'forbidden',
      });
      const many = Array.from({ length: 501 }, (_, i) => ids[0]! + i);
      expect(errorOf(await move(PM, many, general, policies))).toMatchObject({ code: 'invalid_input' });
      await untouched([...ids, theirs!]);
    });
  });

  it('refuses archive, move and zip links without a token, with a forged one, or straight to the service', async () => {
    const ids = await docs(1);
    const post = (headers: Record<string, string>, query: string, variables: Record<string, unknown>) =>
      fetch(stack.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      }).then((r) => r.json() as Promise<{ data?: unknown; errors?: Array<{ message: string }> }>);
    const token = await stack.tokenFor(PM.email, PM.password);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    // The practice manager's own token with its claims rewritten to the other practice's manager.
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const rewritten = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: String(otherPM.id) })).toString('base64url')}.${token.split('.')[2]}`;
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${rewritten}` },
    ];
    for (const headers of attempts) {
      for (const [query, variables] of [
        [ARCHIVE, { ids }],
        [MOVE, { ids, from: general, to: policies }],
        [
          'query Z($p: Int!, $f: Int) { documentsZipUrl(practiceId: $p, folderId: $f) { url } }',
          { p: PRACTICE, f: general },
        ],
      ] as const) {
        const answer = await post(headers, query, variables);
        expect(answer.data ?? null, JSON.stringify(headers)).toBeNull();
        expect(answer.errors?.length).toBeGreaterThan(0);
      }
    }
    // The service answers only the engine (its shared secret).
    const direct = await fetch(`${stack.actionsUrl}/actions/archiveDocuments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: { name: 'archiveDocuments' },
        input: { documentIds: ids },
        session_variables: { 'x-hasura-user-id': String(PM.id), 'x-hasura-role': 'user' },
      }),
    });
    expect(direct.status).toBe(401);
    await untouched(ids);
  });
});
