import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAccreditation, createPracticeWith, createUser } from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

describe('Record payment (a provider admin, a payment received another way)', () => {
  const stack = useRealStack();

  it('spec 000 §4: a provider admin opens a payment-pending practice and records its bank transfer; its cycle starts', async () => {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const practice = await createPracticeWith(stack.sql, {
      name: 'Lakeview Doctors Merewether',
      status: 'PAYMENT_PENDING',
      managers: [await createUser(stack.sql)],
    });
    await createAccreditation(stack.sql, practice.id);
    const view = await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Staff`, { as: admin });
    // Not sent to payment: the overview opens, with the button.
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment' }, { timeout: 10_000 }));
    expect(view.path()).toBe(`/PracticeOverview/${practice.id}/Staff`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    expect(dialog.getByText(/owes the application fee/)).toBeTruthy();
    // The reference is required.
    await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(
      await dialog.findByText('Enter the payment reference (for example the bank transfer reference).'),
    ).toBeTruthy();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reference' }), 'EFT 20260412-88');
    await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText(
        'Payment recorded: the application fee is paid and the accreditation is in progress.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull());
    const { rows } = await stack.sql.query(
      `select p.status, y.method, y.reference, y.recorded_by_id
         from practices p join payments y on y.practice_id = p.organisation_id where p.organisation_id = $1`,
      [practice.id],
    );
    expect(rows).toEqual([
      {
        status: 'IN_PROGRESS',
        method: 'BANK_TRANSFER',
        reference: 'EFT 20260412-88',
        recorded_by_id: admin.id,
      },
    ]);
  });

  it('is not offered to a QAM', async () => {
    const qam = await createUser(stack.sql, { isQam: true });
    const practice = await createPracticeWith(stack.sql, { status: 'ACCREDITED' });
    await stack.sql.query(
      "insert into reapplications (practice_id, status, due_date) values ($1, 'PAYMENT_PENDING', current_date + 30)",
      [practice.id],
    );
    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Staff`, { as: qam });
    await screen.findByRole('link', { name: 'Practice details' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
  });
});
