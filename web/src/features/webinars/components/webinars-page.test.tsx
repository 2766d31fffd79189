import { createUser, DEFAULT_PASSWORD } from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * The Webinars page and its callback on the real stack, with the stand-in provider of the actions
 * service (dev pages on): connect, see the upcoming webinars, disconnect; a broken token offers to
 * reconnect; the callback needs a signed-in user.
 */
describe('Webinars', () => {
  const DEV_KEY = 'webinar-dev-pages-key-0123';
  const stack = useRealStack({ env: { DEV_PAGES_KEY: DEV_KEY } });

  async function newUser() {
    const user = await createUser(stack.sql);
    return { ...user, as: { email: user.email, password: DEFAULT_PASSWORD } };
  }

  /** The stand-in's consent page, allowed: where the browser would come back to. */
  async function allowAtProvider(authorizeUrl: string) {
    const url = new URL(authorizeUrl);
    const response = await fetch(`${stack.actionsUrl}/dev/webinars/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'x-dev-key': DEV_KEY, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: 'allow' }),
    });
    const back = new URL(response.headers.get('location')!);
    return `${back.pathname}${back.search}`;
  }

  it('connects through the provider, lists the upcoming webinars with register links, and disconnects', async () => {
    const user = await newUser();
    const view = await renderAppOnStack(stack, '/Webinars', { as: user.as });
    expect(
      await screen.findByRole('heading', { name: 'Connect your webinar account' }, { timeout: 10_000 }),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Connect to webinars' }));
    await waitFor(() => expect(view.leftFor).toHaveLength(1));
    const authorizeUrl = new URL(view.leftFor[0]!);
    expect(authorizeUrl.pathname).toBe('/api/dev/webinars/authorize');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://portal.test:3000/GoToWebinars/callback',
    );

    // The provider sends the browser back to the callback, in the same session.
    const callback = await allowAtProvider(authorizeUrl.toString());
    expect(callback).toMatch(/^\/GoToWebinars\/callback\?/);
    await view.router.navigate(callback);
    await waitFor(() => expect(view.path()).toBe('/Webinars'), { timeout: 10_000 });
    expect(await screen.findByText('Connected', {}, { timeout: 10_000 })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Preparing for your accreditation survey',
      'Self assessment: common questions',
      'Infection control update',
    ]);
    const register = within(cards[0]!).getByRole('link', {
      name: 'Register for Preparing for your accreditation survey',
    });
    expect(register.getAttribute('href')).toMatch(/\/api\/dev\/webinars\/register\/\d+$/);
    expect(register.getAttribute('target')).toBe('_blank');
    const { rows } = await stack.sql.query('select user_id from webinar_connections where user_id = $1', [
      user.id,
    ]);
    expect(rows).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(
      await screen.findByRole('button', { name: 'Connect to webinars' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Connected')).toBeNull();
    expect(
      (await stack.sql.query('select 1 from webinar_connections where user_id = $1', [user.id])).rows,
    ).toEqual([]);
  });

  it('offers to reconnect when the stored token no longer works', async () => {
    const user = await newUser();
    await stack.sql.query(
      `insert into webinar_connections (user_id, access_token_enc) values ($1, 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA')`,
      [user.id],
    );
    await renderAppOnStack(stack, '/Webinars', { as: user.as });
    expect(await screen.findByRole('button', { name: 'Reconnect' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your webinar connection needs renewing' })).toBeTruthy();
    expect(screen.queryAllByRole('article')).toEqual([]);
  });

  it('goes back to Webinars, not connected, when the callback’s state is not this session’s', async () => {
    const user = await newUser();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = await renderAppOnStack(stack, '/GoToWebinars/callback?code=forged&state=forged', {
      as: user.as,
    });
    await waitFor(() => expect(view.path()).toBe('/Webinars'), { timeout: 10_000 });
    expect(
      await screen.findByRole('button', { name: 'Connect to webinars' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Webinar token request failed', { error: 'refused' });
    expect(
      (await stack.sql.query('select 1 from webinar_connections where user_id = $1', [user.id])).rows,
    ).toEqual([]);
  });

  it('sends a signed-out visitor of the callback to Login', async () => {
    const view = await renderAppOnStack(stack, '/GoToWebinars/callback?code=c&state=s');
    await waitFor(() => expect(view.path()).toBe('/Login'), { timeout: 10_000 });
  });
});
