import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { createStaffDocument, createStaffedPractice } from './support/factories.ts';
import { openStaff, staffRegister, staffRow, toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * Staff documents in a real browser (DESIGN §6, spec 002 §4, §5, §8): the practice
 * manager uploads evidence from the row in edit through presigned URLs to s3rver, sees the
 * progress and the spec's toasts, the file on the row, and downloads the same bytes; a file of
 * another type is refused with the message. One stack per file; each test makes its own practice,
 * whose verified GP already has a CPR certificate on record.
 */
const e2e = useE2e();

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

const editRow = (page: Page) => staffRegister(page).getByRole('row', { name: 'Row in edit' });

/** A small but real PDF, padded so that a throttled upload shows its progress. */
function pdf(padding: number): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
    Buffer.alloc(padding, 0x20),
    Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

async function chooseFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await editRow(page).getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** A practice whose verified GP has a CPR certificate on record; its manager edits that GP's row. */
async function editPerson(page: Page) {
  const { practice, manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
  const person = staff.verifiedGp;
  await createStaffDocument(
    e2e.stack.sql,
    practice.id,
    person.id,
    'cpr',
    `CPR certificate ${person.name}.pdf`,
  );
  await openStaff(page, staffPath, staff.gp.lastName, manager);
  await page.getByRole('button', { name: `Edit ${person.name}` }).click();
  await editRow(page).waitFor();
  await expectAccessible(page, 'the staff register, a row in edit with its documents');
  return person;
}

describe('staff documents as the practice manager', () => {
  it('uploads CPR evidence with progress, lists it on the row and downloads the same bytes', async () => {
    const { page } = e2e;
    const person = await editPerson(page);
    const name = 'CPR certificate 2026.pdf';
    const bytes = pdf(600_000);

    // A slow uplink, so the progress bar is there to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 250_000,
    });
    await chooseFile(page, 'Upload CPR evidence', { name, mimeType: 'application/pdf', buffer: bytes });
    await editRow(page).getByRole('progressbar', { name: 'Uploading CPR evidence' }).waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText('File upload was successful!', { exact: true }).waitFor({ timeout: 20_000 });

    // The row in edit shows the new file, shortened (spec 002 §2), the full name on its link.
    const link = editRow(page).getByRole('button', { name: `Download ${name}` });
    await link.waitFor();
    expect(await link.textContent()).toBe('CPR c..pdf');
    await editRow(page).getByRole('progressbar').waitFor({ state: 'detached' });
    await expectAccessible(page, 'the staff register, a document uploaded');

    const download = page.waitForEvent('download');
    const confirmed = toast(page, 'Successfully downloaded document');
    await link.click();
    const file = await download;
    await confirmed;
    expect(file.suggestedFilename()).toBe(name);
    expect(readFileSync((await file.path())!)).toEqual(bytes);

    // Saving the row keeps the new document (the draft holds its id), and it stays after a reload.
    await editRow(page).getByRole('button', { name: 'Save' }).click();
    await editRow(page).waitFor({ state: 'detached' });
    await page.reload();
    await staffRow(page, person.registration!)
      .getByRole('button', { name: `Download ${name}` })
      .waitFor();
    const stored = await e2e.stack.sql.query(
      `select d.name, d.file_size, d.file_type, d.uploaded_at is not null as uploaded
         from practice_staff s join documents d on d.id = s.cpr_evidence_document_id
        where s.id = $1`,
      [person.id],
    );
    expect(stored.rows).toEqual([
      { name, file_size: String(bytes.length), file_type: 'application/pdf', uploaded: true },
    ]);
  });

  it('refuses a file of another type with the message, and uploads nothing', async () => {
    const { page } = e2e;
    await editPerson(page);
    const before = await e2e.stack.sql.query('select count(*)::int as n from documents');
    await chooseFile(page, 'Upload CPD evidence', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await toast(page, 'Only jpeg, png, pdf, gif, docx, doc, xlsx, xls, pages files can be uploaded');
    await expectAccessible(page, 'the staff register, a file type refused');
    expect((await e2e.stack.sql.query('select count(*)::int as n from documents')).rows).toEqual(before.rows);
  });

  // Pictures for a person to look at (STAFF_DOCUMENT_SCREENSHOTS=1), not assertions.
  it.runIf(process.env.STAFF_DOCUMENT_SCREENSHOTS)(
    'screenshots of the row in edit, desktop and tablet',
    async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      for (const width of [1280, 768]) {
        const page = await e2e.newPage({ width, height: 720 });
        await editPerson(page);
        await editRow(page)
          .getByRole('button', { name: 'Upload Secondary qualification' })
          .scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOTS, `staff-documents-edit-${width}.png`) });
        await editRow(page).getByRole('button', { name: 'Upload CPR evidence' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOTS, `staff-documents-edit-cpr-${width}.png`) });
      }
    },
  );
});
