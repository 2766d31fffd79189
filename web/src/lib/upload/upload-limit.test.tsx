import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffedPractice, createUser, providerFolder, type TestUser } from '../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../test/stack-harness.tsx';
import { editRow } from '../../test/staff-register.ts';

const MB = 1_000_000;

/**
 * The browser knows the server's upload limit before it asks: a stack whose operator set
 * MAX_FILE_SIZE_MB=1 refuses a 2 MB file in the page, and createDocument is never called.
 */
describe('the upload limit comes from the server (GET /api/config)', () => {
  const stack = useRealStack({ s3: true, env: { MAX_FILE_SIZE_MB: '1' } });
  /** Manages a practice whose staff register has upload buttons. */
  let manager: TestUser;
  let STAFF_PATH: string;
  beforeAll(async () => {
    manager = await createUser(stack.sql);
    const { practice } = await createStaffedPractice(stack.sql, { manager });
    STAFF_PATH = `/PracticeOverview/${practice.id}/Staff`;
    await providerFolder(stack.sql, 'STAFF_DOCUMENTS');
  }, 60_000);

  /**
   * The staff page with a row in edit; every request the app makes from then on is recorded
   * (GraphQL operations by name), and `/api/config` fails like a broken network when `configDown`.
   */
  async function editRowOnStaffPage({ configDown = false } = {}) {
    await renderAppOnStack(stack, STAFF_PATH, { as: manager });
    const jarFetch = globalThis.fetch;
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname.endsWith('/graphql')) {
        const body = (await request.clone().json()) as { query: string };
        requests.push(`graphql ${/(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1] ?? '?'}`);
      } else requests.push(url.pathname);
      if (configDown && url.pathname.endsWith('/api/config')) throw new TypeError('Failed to fetch');
      return jarFetch(request);
    });
    const table = await screen.findByRole('table', { name: 'Staff register' }, { timeout: 15_000 });
    await within(table).findByText('Desai', {}, { timeout: 15_000 });
    const [edit] = within(table).getAllByRole('button', { name: /^Edit / });
    await userEvent.click(edit!);
    const row = editRow(table);
    const input = (label: string) =>
      within(row)
        .getByRole('button', { name: label })
        .parentElement!.querySelector<HTMLInputElement>('input[type=file]')!;
    return { requests, input };
  }
  /** A file of this size that is a PDF by its content too (the server sniffs the first bytes). */
  const pdf = (bytes: number, name: string) => {
    const body = new Uint8Array(bytes);
    body.set(new TextEncoder().encode('%PDF-1.4\n'));
    return new File([body], name, { type: 'application/pdf' });
  };
  const documentCount = async () =>
    (await stack.sql.query<{ n: number }>('select count(*)::int as n from documents')).rows[0]!.n;

  it("refuses a 2 MB file with the server's 1 MB in the spec's words, before asking", async () => {
    const before = await documentCount();
    const { requests, input } = await editRowOnStaffPage();
    await userEvent.upload(input('Upload CPD evidence'), pdf(2 * MB, 'CPD log.pdf'));
    await screen.findByText('File size exceeded 1MB');
    expect(requests).toContain('/api/config');
    expect(requests).not.toContain('graphql CreateDocument');
    expect(await documentCount()).toBe(before);
  });

  it('asks for the limit once, and a file within it is uploaded', async () => {
    const { requests, input } = await editRowOnStaffPage();
    await userEvent.upload(input('Upload CPD evidence'), pdf(MB / 2, 'CPD half.pdf'));
    await screen.findByText('File upload was successful!', {}, { timeout: 20_000 });
    await userEvent.upload(input('Upload Training evidence'), pdf(MB + 1, 'Training.pdf'));
    await screen.findByText('File size exceeded 1MB');
    expect(requests.filter((r) => r === '/api/config')).toHaveLength(1);
    expect(requests.filter((r) => r === 'graphql CreateDocument')).toHaveLength(1);
  });

  it('falls back to the default when the limit cannot be had; the server still refuses', async () => {
    const before = await documentCount();
    const { requests, input } = await editRowOnStaffPage({ configDown: true });
    await userEvent.upload(input('Upload CPD evidence'), pdf(2 * MB, 'CPD log.pdf'));
    // Within the default 100 MB, so the browser asks; the server's 1 MB refuses it.
    await screen.findByText('File size exceeded 1MB', {}, { timeout: 10_000 });
    expect(requests).toContain('graphql CreateDocument');
    await waitFor(async () => expect(await documentCount()).toBe(before));
  });
});
