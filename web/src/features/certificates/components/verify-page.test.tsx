import { VERIFY_MESSAGES } from '@portal/domain';
import { createCertificate, createPractice } from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * The public verify page on the real stack (actions service and database), signed out: each
 * state of a certificate as the funding body reads it, and the code typed in the form.
 */
describe('the verify page', () => {
  const stack = useRealStack();

  async function certificate(code: string, columns: Record<string, unknown> = {}) {
    const practice = await createPractice(stack.sql, { name: 'Riverbend Clinic' });
    await createCertificate(stack.sql, practice.id, {
      name: 'Riverbend Clinic',
      issuing_provider: 'Demo Accreditation Provider',
      verification_code: code,
      certificate_number: `ACC-2026-${code.slice(0, 4)}`,
      certification_date: '2026-01-10',
      issue_date: '2026-01-10',
      expiry_date: '2099-01-10',
      ...columns,
    });
  }

  it('confirms a current certificate with its details, without signing in', async () => {
    await certificate('GOOD-CERT-AAAA');
    await renderAppOnStack(stack, '/verify/GOOD-CERT-AAAA');
    expect(
      await screen.findByRole('heading', { name: VERIFY_MESSAGES.heading }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Genuine and current' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const details = screen.getByRole('table', { name: 'Certificate details' });
    for (const text of ['Riverbend Clinic', 'ACC-2026-GOOD', '10/01/2026', '10/01/2099'])
      expect(within(details).getAllByText(text).length, text).toBeGreaterThan(0);
  });

  it('says superseded, and that no certificate matches an unknown code', async () => {
    await certificate('OLDC-ERTA-AAAA', { validity: 'SUPERSEDED' });
    await renderAppOnStack(stack, '/verify/OLDC-ERTA-AAAA');
    expect(
      await screen.findByRole('heading', { name: VERIFY_MESSAGES.verdict.superseded }, { timeout: 15_000 }),
    ).toBeTruthy();

    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: VERIFY_MESSAGES.codeLabel });
    await user.clear(input);
    await user.type(input, 'nope');
    await user.click(screen.getByRole('button', { name: VERIFY_MESSAGES.submit }));
    expect(await screen.findByText(VERIFY_MESSAGES.malformed)).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'zzzz zzzz zzzz');
    await user.click(screen.getByRole('button', { name: VERIFY_MESSAGES.submit }));
    expect(
      await screen.findByRole('heading', { name: VERIFY_MESSAGES.notFound }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('shows the form alone at /verify', async () => {
    const view = await renderAppOnStack(stack, '/verify');
    expect(
      await screen.findByRole('textbox', { name: VERIFY_MESSAGES.codeLabel }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Result' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: VERIFY_MESSAGES.codeLabel }), 'abcd-efgh-jk23');
    await userEvent.click(screen.getByRole('button', { name: VERIFY_MESSAGES.submit }));
    await waitFor(() => expect(view.path()).toBe('/verify/ABCD-EFGH-JK23'));
  });
});
