import { Alert, Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { CONFLICT_REASON_MAX, parseDisplayDate, ZDeclareConflictSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DeclareConflictMutation } from '../api/declare-conflict.ts';
import { useConflictSubjects } from '../hooks/use-conflict-subjects.ts';
import { ConflictSubjectPicker } from './conflict-subject-picker.tsx';

/** Declares a conflict: a practice or network found by name, the reason, optional dates. */
export function DeclareConflictForm({ onDeclared }: { onDeclared(): void }) {
  const subjects = useConflictSubjects();
  const [reason, setReason] = useState('');
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [toDate, setToDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [{ fetching }, declare] = useMutation(DeclareConflictMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const [kind, id] = (subjects.subject ?? ':').split(':');
    const input = {
      practiceId: kind === 'PRACTICE' ? Number(id) : null,
      networkId: kind === 'NETWORK' ? Number(id) : null,
      reason,
      fromDate,
      toDate,
    };
    const parsed = ZDeclareConflictSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const result = await declare(parsed.data);
    if (result.error) {
      setProblem(PortalError.fromCombinedError(result.error).message);
      return;
    }
    notifySuccess(result.data?.declareConflict.message ?? 'Declared.');
    subjects.clear();
    setReason('');
    setFromDate(null);
    setToDate(null);
    onDeclared();
  };

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <form onSubmit={submit} noValidate aria-labelledby="declare-conflict-heading">
        <Stack gap="sm">
          <Title order={3} fz="md" id="declare-conflict-heading">
            Declare a conflict
          </Title>
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <ConflictSubjectPicker subjects={subjects} error={errors.practiceId} />
          <Textarea
            label="Reason"
            description="For example: worked there as a GP, consulted to its owners."
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={CONFLICT_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
          <Group grow align="flex-start">
            <DateInput
              label="From (optional)"
              valueFormat="DD/MM/YYYY"
              placeholder="dd/mm/yy"
              dateParser={(text) => parseDisplayDate(text)}
              clearable
              value={fromDate}
              onChange={setFromDate}
              error={errors.fromDate}
            />
            <DateInput
              label="To (optional)"
              valueFormat="DD/MM/YYYY"
              placeholder="dd/mm/yy"
              dateParser={(text) => parseDisplayDate(text)}
              clearable
              value={toDate}
              onChange={setToDate}
              error={errors.toDate}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={fetching}>
              Declare conflict
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
