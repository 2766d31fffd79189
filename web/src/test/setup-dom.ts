// The screens project's setup file (vitest.config.ts), run before each of its test files: what
// jsdom lacks and Mantine uses, and the clean-up after each test.
import { notifications } from '@mantine/notifications';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
// Mantine's autosizing Textarea listens for web fonts loading (the staff register's text cells).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

// Component tests render against the real engine and actions service; on a loaded 2-core CI
// machine an answer can take longer than testing-library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5000, getElementError: lazyElementError });

/**
 * testing-library's own error, with the document printed only when the message is read. Each
 * failed attempt of a `findBy…`/`waitFor` builds such an error and drops it; the default prints
 * the whole document into every one of them, and on a big screen that printing took more than half
 * of a wait's CPU, on the thread the in-process stack answers the screen's requests on (a 0.5 MB
 * upload took 10 s instead of 1.5 s while a `findByText` waited for its toast). The message read
 * when a wait times out, or a `getBy…` fails, is the default's (the document once, not twice).
 */
function lazyElementError(message: string | null, container: Element | Document): Error {
  const error = new Error();
  Error.captureStackTrace(error, lazyElementError);
  error.name = 'TestingLibraryElementError';
  // A timed-out wait passes its last error's message back in, document and all: print it once.
  const printed = message?.includes('\nIgnored nodes: comments, ');
  let text: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    get: () => {
      text ??= printed
        ? (message as string)
        : [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
            .filter(Boolean)
            .join('\n\n');
      return text;
    },
    set: (value: string) => {
      text = value;
    },
  });
  return error;
}

afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-wide store: a test's toasts must not reach the next test.
  notifications.clean();
  // The real-stack harness installs its cookie jar as the global fetch for one test.
  vi.unstubAllGlobals();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing what setCsrfCookie set
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
