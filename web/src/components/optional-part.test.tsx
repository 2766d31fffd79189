import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OptionalPart } from './optional-part.tsx';

function Broken(): never {
  throw new Error('Loading chunk failed');
}

describe('an optional part of a screen', () => {
  it('shows its fallback when it fails, and the rest of the screen stays', () => {
    // React reports the caught error on the console; it is expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <h1>Survey results</h1>
        <OptionalPart fallback={<p>The chart could not be drawn.</p>}>
          <Broken />
        </OptionalPart>
        <OptionalPart>
          <Broken />
        </OptionalPart>
        <OptionalPart>
          <p>Met: 12</p>
        </OptionalPart>
      </main>,
    );
    logged.mockRestore();
    expect(screen.getByRole('heading', { name: 'Survey results' })).toBeTruthy();
    expect(screen.getByText('The chart could not be drawn.')).toBeTruthy();
    expect(screen.getByText('Met: 12')).toBeTruthy();
  });
});
