import { FileInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DOCUMENT_ACCEPT_ATTRIBUTE } from '@portal/domain';
import type { TResourceRow } from '../api/get-resources.ts';
import type { TResourceForm } from '../hooks/use-resource-form.ts';

/**
 * Where a resource's content comes from: Upload a file (an edit may keep its current one) or
 * Link to a web page, and the field of the way chosen.
 */
export function ResourceSourceFields({
  form,
  resource,
}: {
  form: TResourceForm;
  resource: TResourceRow | null;
}) {
  const { fields, set, errors, keepsFile } = form;
  return (
    <>
      <Stack gap={6}>
        <Text fz="sm" fw={500} id="resource-source-label">
          File or link
        </Text>
        <SegmentedControl
          aria-labelledby="resource-source-label"
          value={fields.source}
          onChange={(value) => set.setSource(value as 'file' | 'link')}
          data={[
            { value: 'file', label: 'Upload a file' },
            { value: 'link', label: 'Link to a web page' },
          ]}
        />
      </Stack>
      {fields.source === 'file' ? (
        <FileInput
          label="File"
          placeholder={
            keepsFile ? `Keep the current ${resource?.file_type?.toUpperCase() ?? ''} file` : 'No file chosen'
          }
          description="pdf, docx, doc, xlsx, xls, jpeg, png, gif or pages"
          accept={DOCUMENT_ACCEPT_ATTRIBUTE}
          value={fields.file}
          onChange={set.setFile}
          clearable
          error={errors.file}
        />
      ) : (
        <TextInput
          label="Web address"
          required
          type="url"
          placeholder="https://"
          value={fields.url}
          onChange={(e) => set.setUrl(e.currentTarget.value)}
          error={errors.url}
        />
      )}
    </>
  );
}
