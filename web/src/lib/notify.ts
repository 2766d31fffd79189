import { notifications } from '@mantine/notifications';
import { TOAST_CONTACT_MS, TOAST_ERROR_MS, TOAST_WARNING_MS } from '@portal/domain';

/** Toast durations: the spec's constants (spec 000 §9), defined once in @portal/domain. */
export { TOAST_CONTACT_MS, TOAST_ERROR_MS, TOAST_WARNING_MS };
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
