import { notifications } from '@mantine/notifications';
import * as domain from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as notify from './notify.ts';

describe('toasts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('last as long as the spec says (1500, 5000, 3000 ms), from the domain constants', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    notify.notifyWarning('w');
    notify.notifyError('e');
    notify.notifySuccess('s');
    expect(show.mock.calls.map(([options]) => options.autoClose)).toEqual([1500, 5000, 3000]);
    // One definition: the app's names are the domain's own constants.
    expect(notify.TOAST_WARNING_MS).toBe(domain.TOAST_WARNING_MS);
    expect(notify.TOAST_ERROR_MS).toBe(domain.TOAST_ERROR_MS);
    expect(notify.TOAST_CONTACT_MS).toBe(domain.TOAST_CONTACT_MS);
  });
});
