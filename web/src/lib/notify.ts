import { notifications } from '@mantine/notifications';

/** Toast durations (spec 000 §9). */
export const TOAST_WARNING_MS = 1500;
export const TOAST_ERROR_MS = 5000;
export const TOAST_CONTACT_MS = 3000;
/** Plain confirmations; the spec sets none, so they stay as long as a contact message. */
export const TOAST_SUCCESS_MS = TOAST_CONTACT_MS;

export function notifyError(message: string, title?: string) {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_ERROR_MS });
}

export function notifyWarning(message: string, title?: string) {
  notifications.show({ color: 'yellow', title, message, autoClose: TOAST_WARNING_MS });
}

export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message, autoClose: TOAST_SUCCESS_MS });
}
