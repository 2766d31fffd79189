import { DOCUMENT_MESSAGES, generateVerificationCode } from '@portal/domain';
import { createAccreditation } from '@portal/testkit/assessment-factories';
import { addPracticeRole, createCertificate, createPractice, createUser } from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';
import { CERTIFICATE_FILE_NOT_AVAILABLE } from './certificates-list.tsx';

/**
 * The Accreditations list's downloads on the real stack (engine, actions, database, s3rver): a
 * certificate with a PDF downloads it, named after the practice, one without says so.
 */
describe('the Accreditations list', () => {
  const stack = useRealStack({ s3: true });
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  /** What the page handed to the browser's downloads. */
  let clicked: Array<{ href: string; download: string }> = [];

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** In Download certificate: A3 is chosen first; picks `size` and presses Download. */
  async function chooseSize(size: 'A3' | 'A4') {
    const dialog = await screen.findByRole('dialog', { name: 'Download certificate' });
    expect(within(dialog).getByRole('radiogroup', { name: 'Size' })).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: 'A3' }) as HTMLInputElement).checked).toBe(true);
    if (size === 'A4') await userEvent.click(within(dialog).getByRole('radio', { name: 'A4' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
  }

  async function practiceWithCertificates() {
    const practice = await createPractice(stack.sql, { name: 'Seaview Medical' });
    const pm = await createUser(stack.sql);
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    await createAccreditation(stack.sql, practice.id, { isFirstView: false });
    const key = `certificates/${practice.id}/accreditation.pdf`;
    const code = generateVerificationCode();
    const withFile = await createCertificate(stack.sql, practice.id, {
      name: 'Seaview Medical',
      storage_key: key,
      expiry_date: '2029-07-04',
      certificate_number: `ACC-2026-${code}`,
      verification_code: code,
    });
    await stack.app.storage!.put(key, PDF, 'application/pdf');
    await createCertificate(stack.sql, practice.id, {
      name: 'Seaview Medical',
      type: 'EXTENSION',
      expiry_date: '2029-01-15',
    });
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, { as: pm });
    const list = await screen.findByRole('region', { name: 'Accreditations' }, { timeout: 15_000 });
    return { list, withFile: withFile.id as number, code };
  }

  it("downloads a certificate's PDF, and says when a certificate has none yet", async () => {
    const { list, code } = await practiceWithCertificates();
    const [accreditation, extension] = await within(list).findAllByRole('listitem', {}, { timeout: 15_000 });
    expect(within(extension!).getByText(CERTIFICATE_FILE_NOT_AVAILABLE)).toBeTruthy();
    expect(within(extension!).queryByRole('button')).toBeNull();
    // The number and the public check of the certificate.
    expect(within(accreditation!).getByText(new RegExp(`No\\. ACC-2026-${code}`))).toBeTruthy();
    const verify = within(accreditation!).getByRole('link', {
      name: 'Verify online: Seaview Medical, Accreditation certificate',
    });
    expect(verify.getAttribute('href')).toBe(`/verify/${code}`);

    await userEvent.click(
      within(accreditation!).getByRole('button', {
        name: 'Download Seaview Medical, Accreditation certificate',
      }),
    );
    // Download certificate asks for the size first: A3 unless A4 is chosen (spec 001 §5).
    await chooseSize('A3');
    expect(
      await screen.findByText(DOCUMENT_MESSAGES.downloadSucceeded, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const name = 'Seaview Medical - Accreditation certificate - 4 Jul 2029.pdf';
    expect(clicked).toEqual([{ href: expect.any(String), download: name }]);
    // What the browser then fetches: the PDF, as an attachment with that name.
    const file = await fetch(clicked[0]!.href);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    expect(file.headers.get('content-disposition')).toContain(`filename="${name}"`);
  });

  it('downloads the A4 size when it is chosen, made from the certificate', async () => {
    const { list } = await practiceWithCertificates();
    await userEvent.click(
      await within(list).findByRole(
        'button',
        { name: 'Download Seaview Medical, Accreditation certificate' },
        { timeout: 15_000 },
      ),
    );
    await chooseSize('A4');
    expect(
      await screen.findByText(DOCUMENT_MESSAGES.downloadSucceeded, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(clicked).toEqual([
      {
        href: expect.any(String),
        download: 'Seaview Medical - Accreditation certificate - 4 Jul 2029 (A4).pdf',
      },
    ]);
    const file = await fetch(clicked[0]!.href);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download certificate' })).toBeNull());
  });

  it("says the download failed when the file is no longer the user's to have", async () => {
    const { list, withFile } = await practiceWithCertificates();
    const button = await within(list).findByRole(
      'button',
      { name: 'Download Seaview Medical, Accreditation certificate' },
      { timeout: 15_000 },
    );
    // Superseded after the list was shown: the practice may no longer download it.
    await stack.sql.query(`update certificates set validity = 'SUPERSEDED' where id = $1`, [withFile]);
    await userEvent.click(button);
    await chooseSize('A3');
    expect(await screen.findByText(DOCUMENT_MESSAGES.downloadFailed, {}, { timeout: 10_000 })).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});
