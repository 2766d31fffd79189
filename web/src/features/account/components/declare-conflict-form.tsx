import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { CONFLICT_REASON_MAX, CONFLICT_SEARCH_MIN, ZDeclareConflictSchema } from '@portal/domain';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DeclareConflictMutation } from '../api/declare-conflict.ts';
import { SearchConflictSubjectsQuery } from '../api/search-conflict-subjects.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** Declares a conflict: a practice or network found by name, the reason, optional dates. */
export function DeclareConflictForm({ onDeclared }: { onDeclared(): void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [subject, setSubject] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [toDate, setToDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [{ data, fetching: searching }] = useQuery({
    query: SearchConflictSubjectsQuery,
    variables: { search: debounced },
    pause: debounced.length < CONFLICT_SEARCH_MIN,
  });
  const [{ fetching }, declare] = useMutation(DeclareConflictMutation);
  const found = debounced.length < CONFLICT_SEARCH_MIN ? [] : (data?.searchConflictSubjects ?? []);
  const options = found.map((s) => ({
    value: `${s.kind}:${s.id}`,
    label: s.kind === 'NETWORK' ? `${s.name} (network)` : s.suburb ? `${s.name}, ${s.suburb}` : s.name,
  }));
  // The chosen one stays listed while the search text changes.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const selectData =
    chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const [kind, id] = (subject ?? ':').split(':');
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
    setSubject(null);
    setChosen(null);
    setSearch('');
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
          <TextInput
            label="Find a practice or network"
            description="Type at least 2 letters of its name."
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            autoComplete="off"
          />
          <Radio.Group
            label="Practice or network"
            required
            value={subject}
            onChange={(value) => {
              setSubject(value);
              const option = selectData.find((o) => o.value === value);
              setChosen(option ?? null);
            }}
            error={errors.practiceId}
          >
            <Stack gap={6} mt={6}>
              {selectData.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
              {selectData.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {debounced.length < CONFLICT_SEARCH_MIN
                    ? 'Search above, then choose one.'
                    : searching
                      ? 'Searching…'
                      : 'Nothing found.'}
                </Text>
              ) : null}
            </Stack>
          </Radio.Group>
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
              placeholder="dd/mm/yyyy"
              clearable
              value={fromDate}
              onChange={setFromDate}
              error={errors.fromDate}
            />
            <DateInput
              label="To (optional)"
              valueFormat="DD/MM/YYYY"
              placeholder="dd/mm/yyyy"
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
