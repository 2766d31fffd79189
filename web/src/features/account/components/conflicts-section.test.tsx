import { CONFLICT_DECLARATION } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createNetwork, createPracticeWith, createUser } from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/** Account settings' conflicts of interest on the real stack: surveyors only; declare, list, archive. */
describe('Conflicts of interest', () => {
  const stack = useRealStack();

  it('lets a surveyor find a practice by name, declare a conflict with it, and archive it', async () => {
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const practice = await createPracticeWith(stack.sql, {
      name: 'Quayside Medical Centre',
      address: { suburb: 'Pyrmont' },
    });
    await createNetwork(stack.sql, 'Quayside Health Group');
    await renderAppOnStack(stack, `/AccountSettings/${surveyor.id}`, { as: surveyor });

    const section = await screen.findByRole('region', { name: 'Conflicts of interest' }, { timeout: 10_000 });
    expect(within(section).getByText(CONFLICT_DECLARATION)).toBeTruthy();
    expect(within(section).getByText('You have not declared any conflicts of interest.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Declare conflict' }));
    expect(await within(section).findByText('Choose a practice or a network from the search.')).toBeTruthy();

    await user.type(within(section).getByRole('textbox', { name: /Find a practice or network/ }), 'Quaysi');
    // The search goes to the server (debounced): its answer lists the practice and the network.
    expect(
      await within(section).findByRole(
        'radio',
        { name: 'Quayside Health Group (network)' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    await user.click(within(section).getByRole('radio', { name: 'Quayside Medical Centre, Pyrmont' }));
    await user.type(within(section).getByRole('textbox', { name: /^Reason/ }), 'Worked there as a GP');
    await user.click(within(section).getByRole('button', { name: 'Declare conflict' }));

    const table = await within(section).findByRole(
      'table',
      { name: 'Your declared conflicts' },
      { timeout: 10_000 },
    );
    const row = within(table).getByText('Quayside Medical Centre').closest('tr')!;
    expect(within(row).getByText('Pyrmont')).toBeTruthy();
    expect(within(row).getByText('Worked there as a GP')).toBeTruthy();
    const { rows } = await stack.sql.query(
      'select practice_id, reason, archived from surveyor_conflicts where user_id = $1',
      [surveyor.id],
    );
    expect(rows).toEqual([{ practice_id: practice.id, reason: 'Worked there as a GP', archived: false }]);

    await user.click(
      within(row).getByRole('button', { name: 'Archive the conflict with Quayside Medical Centre' }),
    );
    await waitFor(() => expect(within(row).getByText('Archived')).toBeTruthy(), { timeout: 10_000 });
    expect(
      (await stack.sql.query('select archived from surveyor_conflicts where user_id = $1', [surveyor.id]))
        .rows,
    ).toEqual([{ archived: true }]);
  });

  it('is not shown to someone who is not a surveyor', async () => {
    const manager = await createUser(stack.sql);
    await renderAppOnStack(stack, `/AccountSettings/${manager.id}`, { as: manager });
    expect(await screen.findByLabelText(/^First name/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Conflicts of interest' })).toBeNull();
  });
});
