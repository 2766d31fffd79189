import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../../lib/lazy-page.ts';
import { preloadMatchedScreens } from './preload-matched-screens.ts';

const Page = () => null;

describe('preloadMatchedScreens', () => {
  it('asks for the chunk of every screen the address matches, and of no other', async () => {
    const asked: string[] = [];
    const screen = (name: string) =>
      lazyPage(async () => {
        asked.push(name);
        return { Page };
      }, 'Page');
    const Layout = screen('layout');
    const Overview = screen('overview');
    const Assessment = screen('assessment');
    const Staff = screen('staff');
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            {
              path: 'PracticeOverview/:id',
              element: <Overview />,
              children: [
                { path: 'Staff', element: <Staff /> },
                { path: 'Accreditation/Assessment/:assessmentId', element: <Assessment /> },
              ],
            },
          ],
        },
      ],
      { initialEntries: ['/PracticeOverview/7/Accreditation/Assessment/3'] },
    );
    preloadMatchedScreens(router);
    // All at once, before anything rendered.
    expect(asked).toEqual(['layout', 'overview', 'assessment']);
    router.dispose();
  });
});
