import { Alert, Stack } from '@mantine/core';
import { canReadAuditTrail, STAFF_MESSAGES } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useMutation } from 'urql';
import { notifyError } from '../../../lib/notify.ts';
import { NominatedContactsPanel } from '../../contacts/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { UpdateStaffPageFlagsMutation } from '../api/update-staff-page-flags.ts';
import { StaffLabelsProvider } from '../model/staff-labels.tsx';
import { StaffIntro } from './staff-intro.tsx';
import { StaffRegister } from './staff-register.tsx';

/** Our words: the spec names the message but not its text. */
export const RENEWAL_PAYMENT_MESSAGE =
  'Thank you, your renewal payment has been received and your new accreditation cycle has started. Please check your staff details and nominated contacts below.';
const FLAG_SAVE_FAILED = 'Could not save your change, please try again.';

/**
 * The Staff tab of the practice overview: the first-view intro, the notices, the staff register
 * and the nominated contacts (spec 000 §2, §4).
 */
export function StaffTab() {
  const { practiceId, practice, permissions, practiceRoles, access, refetch, setTotal } =
    usePracticeContext();
  const [, updateFlags] = useMutation(UpdateStaffPageFlagsMutation);
  const [busy, setBusy] = useState(false);
  const [noticeOpen, setNoticeOpen] = useState(true);
  const onTotal = useCallback((total: number) => setTotal('staff', total), [setTotal]);

  const clearFlag = async (changes: Record<string, boolean>) => {
    setBusy(true);
    const result = await updateFlags({ practiceId, changes });
    setBusy(false);
    if (result.error) notifyError(FLAG_SAVE_FAILED);
    else refetch();
  };

  if (practice.is_staff_first_view)
    return (
      <StaffIntro
        busy={busy}
        canStart={permissions.practice.changePractice}
        onStart={() => clearFlag({ is_staff_first_view: false })}
      />
    );

  // The thanks are the paying practice's: shown to its managers, who alone close it for good. A
  // surveyor could not close it, and a QAM or an admin closing it would take it from the practice.
  const renewalMessage =
    practice.show_message_after_renewal_payment &&
    practiceRoles.includes('PM') &&
    permissions.practice.changePractice;

  return (
    <Stack gap="md">
      {renewalMessage ? (
        <Alert
          color="teal"
          variant="light"
          title="Renewal payment received"
          withCloseButton
          closeButtonLabel="Close the renewal payment message"
          onClose={() => clearFlag({ show_message_after_renewal_payment: false })}
        >
          {RENEWAL_PAYMENT_MESSAGE}
        </Alert>
      ) : null}
      {noticeOpen ? (
        <Alert
          color="blue"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss the notice"
          onClose={() => setNoticeOpen(false)}
        >
          {STAFF_MESSAGES.notice}
        </Alert>
      ) : null}
      <StaffLabelsProvider>
        <StaffRegister
          practiceId={practiceId}
          practiceName={practice.organisation.name}
          permissions={permissions.practiceStaff}
          canReadHistory={canReadAuditTrail(access)}
          onTotal={onTotal}
        />
      </StaffLabelsProvider>
      <NominatedContactsPanel practiceId={practiceId} canChange={permissions.practice.changePractice} />
    </Stack>
  );
}
