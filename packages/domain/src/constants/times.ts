/**
 * The time helper of spec 002 §5: a time typed as 'hh:mm am' or 'hh:mm pm', its message, and the
 * keys a time field accepts (digits, colon, a, p, m, space and editing keys).
 */
export const TIME_AM_PM_MESSAGE = 'Value should be in form hh:mm am|pm';

const AM_PM_TIME = /^(\d{1,2}):([0-5]\d)\s*([ap])\.?m\.?$/i;

/** '9:05 am' → '09:05', '12:30 am' → '00:30', '1:15 pm' → '13:15'; null when not hh:mm am|pm. */
export function parseAmPmTime(text: string): string | null {
  const m = AM_PM_TIME.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  if (hours < 1 || hours > 12) return null;
  const hours24 = (hours % 12) + (m[3]!.toLowerCase() === 'p' ? 12 : 0);
  return `${String(hours24).padStart(2, '0')}:${m[2]}`;
}

/** The message for a typed time, null when it is hh:mm am|pm (blank is the required rule's). */
export function amPmTimeProblem(text: string): string | null {
  if (text.trim() === '') return null;
  return parseAmPmTime(text) === null ? TIME_AM_PM_MESSAGE : null;
}

/** Editing and moving keys a time field always lets through. */
const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/**
 * Whether a time field takes this key press (KeyboardEvent.key): digits, colon, a, p, m, space
 * and editing keys; a shortcut (with Ctrl or Meta: copy, paste, undo) always.
 */
export function isTimeFieldKey(key: string, withShortcut = false): boolean {
  if (withShortcut || EDITING_KEYS.has(key)) return true;
  return /^[0-9: apmAPM]$/.test(key);
}
