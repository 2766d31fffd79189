import { notifications } from '@mantine/notifications';
import {
  fieldErrors,
  phoneFieldError,
  STAFF_MESSAGES,
  staffSaveErrorMessage,
  type TEmploymentStatus,
  type TStaffMemberInput,
  toStaffPayload,
  withEmploymentStatus,
  ZStaffMemberSchema,
} from '@portal/domain';
import type { CombinedError } from '@urql/core';
import { useCallback, useState } from 'react';
import { useMutation } from 'urql';
import { notifyError, TOAST_WARNING_MS } from '../../../lib/notify.ts';
import { SaveStaffMemberMutation } from '../api/save-staff-member.ts';
import { VerifyStaffMemberMutation } from '../api/verify-staff-member.ts';
import { NEW_ROW, requestEdit, requestLeave, type TEditingRow } from '../model/staff-editing.ts';
import { type TStaffRow, toStaffInput } from '../model/staff-row.ts';
import { STAFF_ROW_MESSAGES } from './use-staff-row-actions.ts';

/** The cell message of one field after a blur: the phone has its own rule (spec 000 §5). */
function messageFor(field: string, draft: TStaffMemberInput): string | undefined {
  if (field === 'phone' || field === 'phoneCountryCode')
    return phoneFieldError(draft.phone as string | null, { country: draft.phoneCountryCode }) ?? undefined;
  const result = ZStaffMemberSchema.safeParse(draft);
  return result.success ? undefined : fieldErrors(result.error)[field];
}

/** The toast of a refused save: the field the server names, or the plain message (spec 000 §8). */
export function saveErrorMessage(error: CombinedError): string {
  const first = error.graphQLErrors[0];
  const extensions = (first?.extensions ?? {}) as { fields?: Record<string, unknown>; code?: string };
  if (extensions.fields && Object.keys(extensions.fields).length > 0)
    return staffSaveErrorMessage(extensions.fields);
  if (first?.message.startsWith(STAFF_MESSAGES.saveFailed)) return first.message;
  return STAFF_MESSAGES.saveFailed;
}

/**
 * The one-row warning (1.5 s, spec 000 §8, §9). One at a time: typing into the search box while a
 * changed row is in edit would otherwise stack a toast per key.
 */
function warn(message: string) {
  notifications.show({
    id: `staff-warning-${message}`,
    color: 'yellow',
    message,
    autoClose: TOAST_WARNING_MS,
  });
}

/** The one row in edit: start, change, blur, save, cancel (spec 000 §4). */
export function useStaffEditing(practiceId: number, onSaved: () => void) {
  const [editing, setEditing] = useState<TEditingRow | null>(null);
  const [saving, setSaving] = useState(false);
  /** How many times Save found invalid cells: the register shows the first one each time. */
  const [refusals, setRefusals] = useState(0);
  const [, saveStaff] = useMutation(SaveStaffMemberMutation);
  const [, verifyStaff] = useMutation(VerifyStaffMemberMutation);

  const go = useCallback(
    (target: Parameters<typeof requestEdit>[1]) => {
      const result = requestEdit(editing, target);
      if (result.ok === false) warn(result.warning);
      else if (result.ok === true) setEditing(result.editing);
      return result.ok !== false;
    },
    [editing],
  );

  const edit = (row: TStaffRow) => go({ key: row.id, values: toStaffInput(row) });
  const add = () => go({ key: NEW_ROW });

  /** Before paging, searching or filtering: false (with the warning) while a changed row would be lost. */
  const leave = () => {
    const result = requestLeave(editing);
    if (result.ok === false) {
      warn(result.warning);
      return false;
    }
    if (result.editing !== editing) setEditing(result.editing);
    return true;
  };

  const set = useCallback((field: string, value: unknown) => {
    setEditing((current) => {
      if (!current) return current;
      let draft = { ...current.draft, [field]: value } as TStaffMemberInput;
      if (field === 'employmentStatus') draft = withEmploymentStatus(draft, value as TEmploymentStatus);
      const { [field]: _cleared, ...errors } = current.errors;
      return { ...current, draft, errors };
    });
  }, []);

  /** Replaces several fields at once (filling a row from a registration match). */
  const fill = useCallback((values: Partial<TStaffMemberInput>) => {
    setEditing((current) =>
      current ? { ...current, draft: { ...current.draft, ...values }, errors: {} } : current,
    );
  }, []);

  const blur = useCallback((field: string) => {
    setEditing((current) => {
      if (!current) return current;
      const message = messageFor(field, current.draft);
      const { [field]: _old, ...rest } = current.errors;
      return { ...current, errors: message ? { ...rest, [field]: message } : rest };
    });
  }, []);

  const cancel = () => setEditing(null);

  const save = async () => {
    if (!editing || saving) return;
    const parsed = ZStaffMemberSchema.safeParse(editing.draft);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    const phoneError = phoneFieldError(editing.draft.phone as string | null, {
      country: editing.draft.phoneCountryCode,
    });
    if (phoneError) errors.phone = phoneError;
    if (Object.keys(errors).length > 0) {
      setEditing({ ...editing, errors });
      setRefusals((n) => n + 1);
      return;
    }
    setSaving(true);
    const staff = toStaffPayload({ ...editing.draft, id: editing.key === NEW_ROW ? null : editing.key });
    const result = await saveStaff({ practiceId, staff });
    if (result.error || !result.data) {
      setSaving(false);
      notifyError(result.error ? saveErrorMessage(result.error) : STAFF_MESSAGES.saveFailed);
      return;
    }
    // The tick is verifyStaffMember's (saving never changes `verified`): sent once the row is
    // stored, so a new row has its id. Only a verifier's box can change it (spec 000 §6).
    const verified = editing.draft.verified === true;
    if (verified !== (editing.original.verified === true)) {
      const check = await verifyStaff({ id: result.data.saveStaffMember.id, verified });
      if (check.error) notifyError(STAFF_ROW_MESSAGES.savedButNotVerified);
    }
    setSaving(false);
    setEditing(null);
    onSaved();
  };

  return { editing, saving, refusals, edit, add, leave, set, fill, blur, save, cancel };
}
