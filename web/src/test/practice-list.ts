import { screen } from '@testing-library/react';
import { renderAppOnStack, type SignIn, type TestStack } from './stack-harness.tsx';

/** A practice's row in the list. */
export const rowOf = (id: number): HTMLElement => screen.getByTestId(`practice-row-${id}`);

/** The ids of the practices listed now, in ascending order. */
export const listedIds = (): number[] =>
  screen
    .queryAllByTestId(/^practice-row-/)
    .map((row) => Number(row.dataset.testid?.replace('practice-row-', '')))
    .sort((a, b) => a - b);

/** Renders the app on a practice list path as `as` and waits for the list's heading. */
export async function openPracticeList(
  stack: Pick<TestStack, 'actionsUrl' | 'graphqlUrl'>,
  path: string,
  as: SignIn,
) {
  const view = await renderAppOnStack(stack, path, { as });
  await screen.findByRole('heading', { name: 'Practices' }, { timeout: 10_000 });
  return view;
}
