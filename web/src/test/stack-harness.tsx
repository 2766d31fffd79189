import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, vi } from 'vitest';
import WebSocket from 'ws';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/routes/route-table.tsx';
import { createPortalServices } from '../lib/services.tsx';
import { setCsrfCookie } from './csrf-cookie.ts';

export type { TestStack };

/**
 * How long one test on the real stack may take: a screen rendered in jsdom that saves and refetches
 * through the gateway, the engine and PostgreSQL has taken 13 to 16 s beside other files on two
 * cores (vitest's 30 s is for the other files). A test that needs longer still says so.
 */
export const REAL_STACK_TEST_TIMEOUT_MS = 60_000;

/**
 * How long a screen's first appearance may take after `renderAppOnStack`: the first screen of a
 * file loads its route's modules into the worker (transformed on first use) before it asks the
 * stack; 15 s was not enough on a loaded CI machine (the action plan's first screen, 2026-11-30).
 * A bound on a wait for the screen, not a pause: a screen that is there sooner goes on at once.
 */
export const SCREEN_READY_TIMEOUT_MS = 30_000;

/**
 * The real stack of one test file: started before its tests, closed after them. The handle stands
 * for the started stack (use it inside hooks and tests, not at import time). The database starts
 * empty (migrated, no demo data): each test file makes what it needs with `./factories.ts` in a
 * `beforeAll` of its own, which runs after this one. Every test of the file may take
 * `REAL_STACK_TEST_TIMEOUT_MS`.
 */
export function useRealStack(options: Parameters<typeof startTestStack>[0] = {}): TestStack {
  // Before the file's tests are collected, so each takes this as its default.
  vi.setConfig({ testTimeout: REAL_STACK_TEST_TIMEOUT_MS });
  let started: TestStack | undefined;
  beforeAll(async () => {
    started = await startTestStack({ template: 'migrated', ...options });
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TestStack, {
    get(_target, property) {
      if (!started) throw new Error('the real stack is used before its beforeAll has started it');
      return Reflect.get(started, property, started);
    },
  });
}

/** Who signs in: an account made by `createUser` (its e-mail and password). */
export interface SignIn {
  email: string;
  password: string;
}

/** Posts a GraphQL request to the stack's engine as `as`, signed in with its own password. */
export async function gqlAs<T>(
  stack: TestStack,
  as: SignIn,
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ data?: T; errors?: Array<{ message: string }> }> {
  const response = await fetch(stack.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await stack.tokenFor(as.email, as.password)}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
}

// Under vitest's jsdom environment the global typed arrays are the jsdom window's, while Node's
// TextEncoder and Buffer make Node's: the engine, running in this same process, then fails every
// JWT check (jose's `key instanceof Uint8Array`). The engine is Node code, so give it Node's.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;

/** Node's own fetch, which every cookie jar wraps (a second render in a test replaces the jar). */
const realFetch = globalThis.fetch;

/**
 * What a browser does with cookies, for the app's requests to the real actions service: keeps the
 * `Set-Cookie`s of each origin, sends them back on `credentials: 'include'` requests, and mirrors the
 * readable CSRF cookie into `document.cookie` where the app reads it. Installed as the global fetch
 * until the end of the test (setup-dom unstubs globals after each test).
 */
export function installCookieJar() {
  const jar = new Map<string, Map<string, string>>();
  const jarFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const origin = new URL(request.url).origin;
    const cookies = jar.get(origin);
    if (cookies?.size && request.credentials !== 'omit') {
      request.headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await realFetch(request);
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) ||
          (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()),
      );
      const store = jar.get(origin) ?? new Map<string, string>();
      jar.set(origin, store);
      if (expired || value === '') store.delete(name);
      else store.set(name, value);
      if (name === 'portal_csrf') setCsrfCookie(expired ? '' : value);
    }
    return response;
  };
  vi.stubGlobal('fetch', jarFetch);
  return { jar };
}

/** Signs in through the real `/api/auth/login` with the installed cookie jar, as the sign-in page does. */
export async function signInOnStack(stack: Pick<TestStack, 'actionsUrl'>, as: SignIn) {
  const response = await fetch(`${stack.actionsUrl}/auth/login`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: as.email, password: as.password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${as.email} failed: ${response.status}`);
}

/**
 * The whole app at `path`, talking to a real engine and actions service (`startTestStack`).
 * With `as`, the account signs in first through the real `/api/auth/login`, exactly as the
 * sign-in page does, so the app starts with a live session cookie.
 */
export async function renderAppOnStack(
  stack: Pick<TestStack, 'actionsUrl' | 'graphqlUrl'>,
  path: string,
  options: { as?: SignIn } = {},
) {
  const cookies = installCookieJar();
  if (options.as) await signInOnStack(stack, options.as);
  /** Every address the app sent the browser to outside itself, in order (jsdom cannot leave). */
  const leftFor: string[] = [];
  const services = createPortalServices({
    apiUrl: stack.actionsUrl,
    graphqlUrl: stack.graphqlUrl,
    baseUrl: stack.actionsUrl,
    webSocketImpl: WebSocket,
    leaveApp: (url) => leftFor.push(url),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return {
    ...view,
    router,
    services,
    cookies,
    leftFor,
    path: () => router.state.location.pathname,
    search: () => router.state.location.search,
  };
}
