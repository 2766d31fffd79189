import { ZPreferredDaysSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { SavePreferredDaysMutation } from '../api/save-preferred-days.ts';
import { daysToSave, type TDayMarks } from '../model/day-marks.ts';

/**
 * Saving a surveyor's preferred days as one set: checked first (every unavailable day needs its
 * reason, shown under that day), then sent; the server's refusal is the form's problem.
 */
export function useSavePreferredDays(visitId: number, marks: TDayMarks, onSaved: () => void) {
  const [reasonErrors, setReasonErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [{ fetching }, save] = useMutation(SavePreferredDaysMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const sent = daysToSave(marks);
    const parsed = ZPreferredDaysSchema.safeParse(sent);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const index = issue.path[0];
        if (typeof index === 'number') errors[sent[index]!.day] ??= issue.message;
      }
      setReasonErrors(errors);
      setProblem(
        Object.keys(errors).length
          ? 'Give a reason for each unavailable day.'
          : parsed.error.issues[0]!.message,
      );
      return;
    }
    setReasonErrors({});
    const result = await save({ visitId, days: parsed.data });
    if (result.error) {
      setProblem(PortalError.fromCombinedError(result.error).message);
      return;
    }
    notifySuccess(result.data?.savePreferredDays.message ?? 'Saved.');
    onSaved();
  };

  return { onSubmit, reasonErrors, problem, saving: fetching };
}
