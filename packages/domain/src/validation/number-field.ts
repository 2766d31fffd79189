import { z } from 'zod';
import { MESSAGES, NUMBER_FIELD_MAX } from './messages.ts';

/**
 * The shared number-field rule (spec 002 §5 and §9): a whole number of digits only, below 1000,
 * with no leading 0. A lone '0' is a number and is allowed (a practice may have no allied health
 * staff). The first broken rule gives the message: 'Value has to be a number' for anything that
 * is not digits (empty, a sign, a decimal point, letters), then 'Number cannot start with a 0',
 * then 'Max is 999'. Returns null for a good value.
 */
export function numberFieldMessage(value: string): string | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return MESSAGES.notANumber;
  if (text.length > 1 && text.startsWith('0')) return MESSAGES.numberLeadingZero;
  if (Number(text) > NUMBER_FIELD_MAX) return MESSAGES.maxNumber;
  return null;
}

/** A required number field as the inputs hold it (a string), checked by `numberFieldMessage`. */
export const ZNumberFieldSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .superRefine((value, ctx) => {
    const message = numberFieldMessage(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Keys that edit or move within a field without typing a character. */
const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'Tab',
  'Enter',
  'Escape',
]);

/**
 * Whether a number field lets a key press through (spec 002 §5: 'Number fields accept digits and
 * editing keys'). Shortcuts with Ctrl or Meta (select all, copy, paste, undo) are editing too;
 * what a paste brings in is checked by `numberFieldMessage`.
 */
export function isNumberFieldKey(
  key: string,
  modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {},
): boolean {
  if (modifiers.ctrlKey || modifiers.metaKey) return true;
  return /^\d$/.test(key) || EDITING_KEYS.has(key);
}
