import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_FAILED, lazyPage, withChunkTimeout } from './lazy-page.ts';

const Page = () => <p>the page</p>;

describe('lazyPage', () => {
  it('loads a preloaded screen once: the render that follows uses the same load', async () => {
    let loads = 0;
    const Lazy = lazyPage(async () => {
      loads += 1;
      return { Page };
    }, 'Page');
    Lazy.preload();
    Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('forgets a failed preload, so the render fetches again', async () => {
    let loads = 0;
    const Lazy = lazyPage(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { Page };
    }, 'Page');
    Lazy.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(loads).toBe(2);
  });

  it('renders a screen whose chunk has arrived at once, without the fallback', async () => {
    const Lazy = lazyPage(async () => ({ Page }), 'Page');
    Lazy.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    // Synchronously: React.lazy would show the fallback first (and hold the screen back for
    // React's 300 ms fallback throttle).
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('fetches the screens it links to once it has loaded', async () => {
    const fetched: string[] = [];
    const Next = { preload: () => fetched.push('next') };
    const Lazy = lazyPage(async () => ({ Page }), 'Page', [Next]);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await screen.findByText('the page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toEqual(['next']);
  });

  it('turns a chunk that does not arrive in time into the spec error', async () => {
    await expect(withChunkTimeout(() => new Promise(() => undefined), 10)).rejects.toThrow(CHUNK_LOAD_FAILED);
  });
});
