/** The readable CSRF cookie the server sets at sign-in. */
export function setCsrfCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the app reads this cookie through document.cookie
  document.cookie = `portal_csrf=${value}; path=/`;
}
