import { STAFF_MESSAGES } from '../constants/messages.ts';

/** 'registration_num' or 'registrationNum' → 'Registration Num' (snake case shown as title case). */
export function fieldKeyToTitle(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[_\s.]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** camelCase field of the form → the snake_case key of error bodies and columns. */
export function toSnakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * The toast of a failed staff save (spec 000 §8): the first key of the error body names the
 * field ('Could not save staff member, value for {Field} is invalid'); without one, 'Could not
 * save staff member'.
 */
export function staffSaveErrorMessage(errorFields: Record<string, unknown> | null | undefined): string {
  const first = errorFields ? Object.keys(errorFields).find((key) => key.trim() !== '') : undefined;
  return first ? STAFF_MESSAGES.saveFieldInvalid(fieldKeyToTitle(first)) : STAFF_MESSAGES.saveFailed;
}
