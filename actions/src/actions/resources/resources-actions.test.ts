import {
  createGeneralResource,
  createIndicatorResource,
  createStandards,
} from '@portal/testkit/document-factories';
import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Resources and factsheets (spec 002 §2 visibility, §4 archive, §5 files): the provider
 * admin adds, edits and archives them through the actions, with files through the document store
 * (s3rver); each role lists and downloads exactly its rows. Real engine, actions service, database.
 */

const UPLOAD = `mutation Upload($name: String!, $contentType: String!, $size: Float!) {
  createResourceUpload(name: $name, contentType: $contentType, size: $size) { storageKey uploadUrl contentType maxFileSizeMb } }`;
const SAVE = `mutation Save($resourceId: Int, $kind: GeneralResourceKind!, $name: String!, $category: String!,
    $description: String, $forPm: Boolean!, $forSurveyor: Boolean!, $url: String, $storageKey: String) {
  saveResource(resourceId: $resourceId, kind: $kind, name: $name, category: $category, description: $description,
    forPm: $forPm, forSurveyor: $forSurveyor, url: $url, storageKey: $storageKey) { resourceId kind name message } }`;
const ARCHIVE = `mutation Archive($id: Int!, $archived: Boolean!) {
  archiveResource(resourceId: $id, archived: $archived) { resourceId archived message } }`;
const DOWNLOAD =
  'query Download($id: Int!) { resourceDownloadUrl(resourceId: $id) { resourceId name url expiresAt } }';
const LIST = `query List($kind: String!) { indicator_resources(where: {kind: {_eq: $kind}}, order_by: {id: asc}) {
  id name category description kind for_pm for_surveyor url file_type archived } }`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

type GqlError = {
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }>;
};
const errorOf = (result: GqlError) => ({
  message: result.errors?.[0]?.message,
  code: result.errors?.[0]?.extensions?.code,
});

let stack: TestStack;
const callers: Record<'admin' | 'qam' | 'pm' | 'surveyor' | 'stranger', string> = {
  admin: '',
  qam: '',
  pm: '',
  surveyor: '',
  stranger: '',
};

const user = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(stack.sql, { password: DEMO_PASSWORD, ...overrides });

beforeAll(async () => {
  stack = await startTestStack({ s3: true });
  const practice = (await createPractice(stack.sql)).id;
  const manager = await user();
  await addPracticeRole(stack.sql, practice, manager.id, 'PM');
  callers.pm = manager.email;
  callers.surveyor = (await user({ isSurveyor: true })).email;
  callers.admin = (await user({ isAdmin: true })).email;
  callers.qam = (await user({ isQam: true })).email;
  callers.stranger = (await user()).email;
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  kind: 'FACTSHEET',
  name: `Factsheet ${Math.random().toString(36).slice(2)}`,
  category: 'Accreditation process',
  description: 'What happens on the day',
  forPm: true,
  forSurveyor: false,
  ...overrides,
});

/** Uploads the PDF as the admin through createResourceUpload and the presigned PUT; answers the key. */
async function uploadPdf(caller = callers.admin, body = PDF) {
  const started = await stack.gql<{
    createResourceUpload: { storageKey: string; uploadUrl: string; contentType: string };
  }>(caller, UPLOAD, { name: 'Guide to the day.pdf', contentType: 'application/pdf', size: body.length });
  expect(started.errors).toBeUndefined();
  const { storageKey, uploadUrl, contentType } = started.data!.createResourceUpload;
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body });
  expect(put.status).toBe(200);
  return storageKey;
}

const save = (caller: string, variables: Record<string, unknown>) =>
  stack.gql<{ saveResource: { resourceId: number; kind: string; name: string; message: string } }>(
    caller,
    SAVE,
    variables,
  );
const download = (caller: string, id: number) =>
  stack.gql<{ resourceDownloadUrl: { name: string; url: string; expiresAt: string | null } }>(
    caller,
    DOWNLOAD,
    { id },
  );
const listed = async (caller: string, kind: string) => {
  const result = await stack.gql<{ indicator_resources: Array<{ id: number; archived: boolean }> }>(
    caller,
    LIST,
    { kind },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.indicator_resources.map((r) => r.id);
};
const rowOf = async (id: number) =>
  (await stack.sql.query('select * from public.indicator_resources where id = $1', [id])).rows[0] as Record<
    string,
    unknown
  >;
const countRows = async () =>
  Number((await stack.sql.query('select count(*) from public.indicator_resources')).rows[0].count);

describe('the provider admin adds resources and factsheets', () => {
  it('adds a factsheet with a file for PMs: the PM lists and downloads it, the surveyor neither', async () => {
    const storageKey = await uploadPdf();
    expect(storageKey).toMatch(/^resources\/general\/[0-9a-f-]{36}\/guide-to-the-day\.pdf$/);
    const saved = await save(callers.admin, form({ name: 'Guide to the day', storageKey }));
    expect(saved.errors).toBeUndefined();
    const { resourceId, message } = saved.data!.saveResource;
    expect(message).toBe('Successfully added the factsheet.');
    expect(await rowOf(resourceId)).toMatchObject({
      kind: 'FACTSHEET',
      indicator_id: null,
      category: 'Accreditation process',
      file_type: 'pdf',
      storage_key: storageKey,
      url: null,
      for_pm: true,
      for_surveyor: false,
      archived: false,
    });

    expect(await listed(callers.pm, 'FACTSHEET')).toContain(resourceId);
    const file = await download(callers.pm, resourceId);
    expect(file.errors).toBeUndefined();
    expect(file.data!.resourceDownloadUrl.name).toBe('Guide to the day.pdf');
    expect(Buffer.from(await (await fetch(file.data!.resourceDownloadUrl.url)).arrayBuffer())).toEqual(PDF);

    expect(await listed(callers.surveyor, 'FACTSHEET')).not.toContain(resourceId);
    expect(errorOf(await download(callers.surveyor, resourceId))).toEqual({
      message: 'There is no such resource',
      code: 'not_found',
    });
  });

  it('adds a resource with a url for surveyors: the surveyor opens it, the PM cannot', async () => {
    const saved = await save(
      callers.admin,
      form({
        kind: 'RESOURCE',
        name: 'Surveyor handbook',
        url: 'https://surveyors.example.test/handbook',
        forPm: false,
        forSurveyor: true,
      }),
    );
    expect(saved.errors).toBeUndefined();
    const id = saved.data!.saveResource.resourceId;
    expect(saved.data!.saveResource.message).toBe('Successfully added the resource.');
    expect(await listed(callers.surveyor, 'RESOURCE')).toContain(id);
    expect((await download(callers.surveyor, id)).data!.resourceDownloadUrl).toEqual({
      resourceId: id,
      name: 'Surveyor handbook',
      url: 'https://surveyors.example.test/handbook',
      expiresAt: null,
    });
    expect(await listed(callers.pm, 'RESOURCE')).not.toContain(id);
    expect(errorOf(await download(callers.pm, id)).code).toBe('not_found');
  });

  it('refuses an invalid form with a message per field, and writes nothing', async () => {
    const before = await countRows();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '  ', url: 'https://a.example' }, { name: 'Required.' }],
      [{ category: '', url: 'https://a.example' }, { category: 'Required.' }],
      [
        { forPm: false, forSurveyor: false, url: 'https://a.example' },
        { forPm: 'Choose who sees it: practice managers, surveyors or both' },
      ],
      [{}, { url: 'Choose a file or enter a web address' }],
      [
        { url: 'ftp://files.example/guide' },
        { url: 'Enter a web address starting with http:// or https://' },
      ],
      [
        { url: 'https://a.example', storageKey: 'resources/general/x/y.pdf' },
        { url: 'Choose a file or enter a web address' },
      ],
      [{ name: 'x'.repeat(201), url: 'https://a.example' }, { name: 'Max 200 characters' }],
    ];
    for (const [overrides, fields] of cases) {
      const result = await save(callers.admin, form(overrides));
      expect(result.errors?.[0]?.extensions, JSON.stringify(overrides)).toMatchObject({
        code: 'invalid_input',
        fields,
      });
    }
    expect(await countRows()).toBe(before);
  });

  it('refuses a storage key it did not make, a missing object and a file that is not what it says', async () => {
    const before = await countRows();
    const forged = await save(callers.admin, form({ storageKey: 'practices/1/documents/secret.pdf' }));
    expect(forged.errors?.[0]?.extensions).toMatchObject({
      code: 'invalid_input',
      fields: { file: 'The file was not uploaded, please choose it again' },
    });
    const missing = await save(
      callers.admin,
      form({ storageKey: 'resources/general/00000000-0000-0000-0000-000000000000/none.pdf' }),
    );
    expect(missing.errors?.[0]?.extensions).toMatchObject({
      fields: { file: 'The file did not reach storage, please try again' },
    });
    const lie = await uploadPdf(
      callers.admin,
      Buffer.from('MZ this is an executable, not a PDF at all......'),
    );
    expect(errorOf(await save(callers.admin, form({ storageKey: lie }))).code).toBe('unsupported_file_type');
    expect(await countRows()).toBe(before);
  });

  it('edits a resource (keeping its file, then swapping it for a url), archives and restores it', async () => {
    const storageKey = await uploadPdf();
    const id = (await save(callers.admin, form({ name: 'Old name', storageKey }))).data!.saveResource
      .resourceId;

    const kept = await save(callers.admin, form({ resourceId: id, name: 'New name', forSurveyor: true }));
    expect(kept.errors).toBeUndefined();
    expect(kept.data!.saveResource.message).toBe('Successfully saved the factsheet.');
    expect(await rowOf(id)).toMatchObject({
      name: 'New name',
      storage_key: storageKey,
      file_type: 'pdf',
      for_surveyor: true,
    });

    await save(
      callers.admin,
      form({ resourceId: id, name: 'New name', url: 'https://a.example/now-a-link' }),
    );
    expect(await rowOf(id)).toMatchObject({
      storage_key: null,
      file_type: null,
      url: 'https://a.example/now-a-link',
    });
    // A link edited with neither a file nor a url has nothing to keep.
    expect((await save(callers.admin, form({ resourceId: id }))).errors?.[0]?.extensions).toMatchObject({
      fields: { url: 'Choose a file or enter a web address' },
    });

    const archived = await stack.gql<{ archiveResource: { message: string } }>(callers.admin, ARCHIVE, {
      id,
      archived: true,
    });
    expect(archived.data!.archiveResource.message).toBe('Successfully archived the factsheet.');
    expect(await rowOf(id)).toMatchObject({ archived: true });
    expect(await listed(callers.pm, 'FACTSHEET')).not.toContain(id);
    expect(errorOf(await download(callers.pm, id)).code).toBe('not_found');
    expect(await listed(callers.admin, 'FACTSHEET')).toContain(id);

    const restored = await stack.gql<{ archiveResource: { message: string } }>(callers.admin, ARCHIVE, {
      id,
      archived: false,
    });
    expect(restored.data!.archiveResource.message).toBe('Successfully restored the factsheet.');
    expect(await listed(callers.pm, 'FACTSHEET')).toContain(id);
  });

  it('leaves the resources of an indicator to their indicator', async () => {
    const indicatorId = (await createStandards(stack.sql, 1)).indicatorIds[0]!;
    const resource = await createIndicatorResource(stack.sql, indicatorId, {
      url: 'https://a.example',
      forPm: true,
    });
    const before = await rowOf(resource.id);
    expect(
      errorOf(await save(callers.admin, form({ resourceId: resource.id, url: 'https://b.example' }))),
    ).toEqual({
      message: 'Resources of an indicator are changed with their indicator',
      code: 'invalid_input',
    });
    expect(errorOf(await stack.gql(callers.admin, ARCHIVE, { id: resource.id, archived: true })).code).toBe(
      'not_found',
    );
    expect(await rowOf(resource.id)).toEqual(before);
  });
});

describe('nobody else manages them', () => {
  it('refuses PMs, surveyors, QAMs and users with no role, and nothing changes', async () => {
    const target = await createGeneralResource(stack.sql, {
      kind: 'FACTSHEET',
      forPm: true,
      url: 'https://a.example/pm',
    });
    const before = await rowOf(target.id);
    const count = await countRows();
    for (const who of ['pm', 'surveyor', 'qam', 'stranger'] as const) {
      const caller = callers[who];
      const upload = await stack.gql(caller, UPLOAD, {
        name: 'a.pdf',
        contentType: 'application/pdf',
        size: 10,
      });
      expect(errorOf(upload).code, who).toBe('forbidden');
      expect(errorOf(await save(caller, form({ url: 'https://a.example/new' }))).code, who).toBe('forbidden');
      const edit = await save(caller, form({ resourceId: target.id, url: 'https://a.example/changed' }));
      expect(errorOf(edit).code, who).toBe('forbidden');
      expect(errorOf(await stack.gql(caller, ARCHIVE, { id: target.id, archived: true })).code, who).toBe(
        'forbidden',
      );
    }
    expect(await rowOf(target.id)).toEqual(before);
    expect(await countRows()).toBe(count);
  });
});

describe('who sees which', () => {
  it('lists and downloads exactly the rows of each role: admins and QAMs all, PMs for_pm, surveyors for_surveyor', async () => {
    const rows = {
      pm: await createGeneralResource(stack.sql, { forPm: true, url: 'https://a.example/1' }),
      surveyor: await createGeneralResource(stack.sql, { forSurveyor: true, url: 'https://a.example/2' }),
      both: await createGeneralResource(stack.sql, {
        forPm: true,
        forSurveyor: true,
        url: 'https://a.example/3',
      }),
      archived: await createGeneralResource(stack.sql, {
        forPm: true,
        forSurveyor: true,
        archived: true,
        url: 'https://a.example/4',
      }),
      nobody: await createGeneralResource(stack.sql, { url: 'https://a.example/5' }),
    };
    const ids = Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, r.id]));
    const expected: Record<keyof typeof callers, number[]> = {
      admin: Object.values(ids),
      qam: Object.values(ids),
      pm: [ids.pm!, ids.both!],
      surveyor: [ids.surveyor!, ids.both!],
      stranger: [],
    };
    for (const [who, caller] of Object.entries(callers) as Array<[keyof typeof callers, string]>) {
      const mine = (await listed(caller, 'RESOURCE')).filter((id) => Object.values(ids).includes(id));
      expect(
        mine.sort((a, b) => a - b),
        who,
      ).toEqual([...expected[who]].sort((a, b) => a - b));
      for (const id of Object.values(ids))
        expect(!(await download(caller, id)).errors, `${who} ${id}`).toBe(expected[who].includes(id));
    }
  });
});
