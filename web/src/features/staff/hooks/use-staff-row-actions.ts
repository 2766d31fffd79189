import { notifications } from '@mantine/notifications';
import { inviteResultMessage } from '@portal/domain';
import { useMemo } from 'react';
import { useMutation } from 'urql';
import { notifyError, notifySuccess, TOAST_ERROR_MS } from '../../../lib/notify.ts';
import { ArchiveStaffMemberMutation } from '../api/archive-staff-member.ts';
import { SendStaffInviteMutation } from '../api/send-staff-invite.ts';
import { VerifyStaffMemberMutation } from '../api/verify-staff-member.ts';
import type { TStaffRow } from '../model/staff-row.ts';

/** Our words: the spec gives none for these. */
export const STAFF_ROW_MESSAGES = {
  deleted: (name: string) => `${name} was deleted from the staff register.`,
  deleteFailed: 'Could not delete the staff member, please try again.',
  verifyFailed: 'Could not change the verification, please try again.',
  /** Save went through, the Verified tick of the same Save did not: the box shows what is stored. */
  savedButNotVerified:
    'The staff member was saved, but the verification could not be changed. Please tick Verified again.',
} as const;

export const staffName = (row: Pick<TStaffRow, 'first_name' | 'last_name'>) =>
  `${row.first_name} ${row.last_name}`.trim();

/** Verify, delete (archive) and invite one staff member; each refreshes the list when done. */
export function useStaffRowActions(onChanged: () => void) {
  const [, archive] = useMutation(ArchiveStaffMemberMutation);
  const [, verify] = useMutation(VerifyStaffMemberMutation);
  const [, invite] = useMutation(SendStaffInviteMutation);

  return useMemo(
    () => ({
      async archive(row: TStaffRow): Promise<boolean> {
        const result = await archive({ id: row.id });
        if (result.error) {
          notifyError(STAFF_ROW_MESSAGES.deleteFailed);
          return false;
        }
        notifySuccess(STAFF_ROW_MESSAGES.deleted(staffName(row)));
        onChanged();
        return true;
      },
      async verify(row: TStaffRow, verified: boolean) {
        const result = await verify({ id: row.id, verified });
        if (result.error) notifyError(STAFF_ROW_MESSAGES.verifyFailed);
        onChanged();
      },
      /**
       * Invite toasts stay five seconds, success or not (spec 000 §8). A refusal also refreshes the
       * row: it usually means its state changed elsewhere (declined, or an account meanwhile).
       */
      async invite(row: TStaffRow): Promise<boolean> {
        const email = row.email ?? '';
        const result = await invite({ staffId: row.id });
        const sent = !result.error;
        notifications.show({
          color: sent ? 'teal' : 'red',
          message: inviteResultMessage(email, sent),
          autoClose: TOAST_ERROR_MS,
        });
        onChanged();
        return sent;
      },
    }),
    [archive, verify, invite, onChanged],
  );
}
