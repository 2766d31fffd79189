import { notifications } from '@mantine/notifications';
import { successToastMs, TOAST_CONTACT_MS, TOAST_ERROR_MS, TOAST_WARNING_MS } from '@portal/domain';

/** Toast durations: the spec's constants (spec 000 §9), defined once in @portal/domain. */
export { TOAST_CONTACT_MS, TOAST_ERROR_MS, TOAST_WARNING_MS };

export function notifyError(message: string, title?: string) {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_ERROR_MS });
}

export function notifyWarning(message: string, title?: string) {
  notifications.show({ color: 'yellow', title, message, autoClose: TOAST_WARNING_MS });
}

/** A confirmation: 5000 ms, 3000 ms for the download messages of spec 002 §9 (`successToastMs`). */
export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'teal', title, message, autoClose: successToastMs(message) });
}
