/**
 * Control characters no text may hold: C0 except TAB, LF and CR (multi-line texts such as
 * comments legitimately hold those), DEL, and the C1 controls. NUL is the one that hurts
 * (PostgreSQL refuses it in text); the others have no business in a name or a message and can
 * hide text in logs, CSV and e-mails. The actions service refuses them in any request.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Every control character, TAB, LF and CR included: none belongs in a one-line field (a name, a phone). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const ONE_LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/** The field message for a text holding a control character. */
export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters (such as NUL) from this field.';

/** Whether a one-line text is free of control characters (TAB, LF and CR count). */
export function isOneLineText(text: string): boolean {
  return !ONE_LINE_CONTROL_CHARACTERS.test(text);
}
