import { notifications, notificationsStore } from '@mantine/notifications';
import { DOCUMENT_MESSAGES, SURVEY_CONFIRMATION_MESSAGES } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess, notifyWarning } from './notify.ts';

const lastAutoClose = () => notificationsStore.getState().notifications.at(-1)?.autoClose;

describe('toasts', () => {
  afterEach(() => notifications.clean());

  it('spec 002 §9: a confirmation stays 5000 ms, a download message the spec names 3000 ms', () => {
    notifySuccess('The assessment was reopened.');
    expect(lastAutoClose()).toBe(5000);
    notifySuccess(DOCUMENT_MESSAGES.folderDownloaded);
    expect(lastAutoClose()).toBe(3000);
    notifySuccess(SURVEY_CONFIRMATION_MESSAGES.downloadSucceeded);
    expect(lastAutoClose()).toBe(3000);
  });

  it('spec 000 §9: errors 5000 ms, warnings 1500 ms', () => {
    notifyError('Indicator update failed');
    expect(lastAutoClose()).toBe(5000);
    notifyWarning('Save or cancel the row first.');
    expect(lastAutoClose()).toBe(1500);
  });
});
