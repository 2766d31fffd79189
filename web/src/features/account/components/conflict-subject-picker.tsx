import { Radio, Stack, Text, TextInput } from '@mantine/core';
import type { TConflictSubjects } from '../hooks/use-conflict-subjects.ts';

/** The conflict form's search for a practice or network and the list to choose one from. */
export function ConflictSubjectPicker({ subjects, error }: { subjects: TConflictSubjects; error?: string }) {
  return (
    <>
      <TextInput
        label="Find a practice or network"
        description="Type at least 2 letters of its name."
        value={subjects.search}
        onChange={(event) => subjects.setSearch(event.currentTarget.value)}
        autoComplete="off"
      />
      <Radio.Group
        label="Practice or network"
        required
        value={subjects.subject}
        onChange={subjects.choose}
        error={error}
      >
        <Stack gap={6} mt={6}>
          {subjects.listed.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
          {subjects.listed.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {subjects.emptyText}
            </Text>
          ) : null}
        </Stack>
      </Radio.Group>
    </>
  );
}
