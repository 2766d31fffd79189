import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DOCUMENT_ACCEPT_ATTRIBUTE,
  fieldErrors,
  GENERAL_RESOURCE_PAGES,
  RESOURCE_MESSAGES,
  type TGeneralResourceKind,
  ZResourceFormSchema,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { notifySuccess } from '../../../lib/notify.ts';
import type { TResourceRow } from '../api/get-resources.ts';
import { SaveResourceMutation } from '../api/save-resource.ts';
import { useResourceFileUpload } from '../hooks/use-resource-file-upload.ts';

/** Stands in for the storage key while the form is checked before the file goes up. */
const CHOSEN_FILE = 'chosen-file';

/**
 * Add or edit a resource or factsheet (provider admin): name, category, description, who sees it,
 * and a file (through the document store) or a link. The form is checked with the action's own
 * schema first; the server's per-field words come back under their inputs.
 */
export function ResourceFormModal({
  kind,
  resource,
  categories,
  onClose,
  onSaved,
}: {
  kind: TGeneralResourceKind;
  /** The row to edit; null to add one. */
  resource: TResourceRow | null;
  categories: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const one = GENERAL_RESOURCE_PAGES[kind].one;
  const [name, setName] = useState(resource?.name ?? '');
  const [category, setCategory] = useState(resource?.category ?? '');
  const [description, setDescription] = useState(resource?.description ?? '');
  const [forPm, setForPm] = useState(resource?.for_pm ?? kind === 'FACTSHEET');
  const [forSurveyor, setForSurveyor] = useState(resource?.for_surveyor ?? false);
  const [source, setSource] = useState<'file' | 'link'>(resource?.url ? 'link' : 'file');
  const [url, setUrl] = useState(resource?.url ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const upload = useResourceFileUpload();
  const [, save] = useMutation(SaveResourceMutation);
  const keepsFile = resource !== null && !resource.url && source === 'file';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const values = {
      resourceId: resource?.id ?? null,
      kind,
      name,
      category,
      description,
      forPm,
      forSurveyor,
      url: source === 'link' ? url : null,
      storageKey: source === 'file' && file ? CHOSEN_FILE : null,
    };
    const checked = ZResourceFormSchema.safeParse(values);
    const found = checked.success ? {} : fieldErrors(checked.error);
    // The schema lets an edit keep its file; a link being turned into a file needs one.
    // The schema's words name both ways; the form says the one chosen.
    if (source === 'file') {
      delete found.url;
      if (!file && !keepsFile) found.file = RESOURCE_MESSAGES.fileRequired;
    } else if (found.url === RESOURCE_MESSAGES.fileOrUrl) found.url = RESOURCE_MESSAGES.urlRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      let storageKey: string | null = null;
      if (source === 'file' && file) {
        setProgress(0);
        const uploaded = await upload(file, setProgress);
        if (!uploaded.ok) {
          setErrors({ file: uploaded.message });
          return;
        }
        storageKey = uploaded.storageKey;
      }
      const result = await save({ ...values, storageKey });
      if (result.error || !result.data) {
        const first = result.error?.graphQLErrors[0];
        const fields = (first?.extensions?.fields ?? {}) as Record<string, string>;
        setErrors(fields);
        setFormError(first?.message ?? RESOURCE_MESSAGES.saveFailed(one));
        return;
      }
      notifySuccess(result.data.saveResource.message);
      onSaved();
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  return (
    <Modal opened onClose={onClose} title={resource ? `Edit ${one}` : `Add a ${one}`} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Autocomplete
            label="Category"
            required
            description="Choose one or type a new one"
            data={[...categories]}
            value={category}
            onChange={setCategory}
            error={errors.category}
          />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            maxRows={5}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <Checkbox.Group
            label="Who sees it"
            required
            error={errors.forPm}
            value={[...(forPm ? ['pm'] : []), ...(forSurveyor ? ['surveyor'] : [])]}
            onChange={(value) => {
              setForPm(value.includes('pm'));
              setForSurveyor(value.includes('surveyor'));
            }}
          >
            <Group gap="lg" mt={6}>
              <Checkbox value="pm" label="Practice managers" />
              <Checkbox value="surveyor" label="Surveyors" />
            </Group>
          </Checkbox.Group>
          <Stack gap={6}>
            <Text fz="sm" fw={500} id="resource-source-label">
              File or link
            </Text>
            <SegmentedControl
              aria-labelledby="resource-source-label"
              value={source}
              onChange={(value) => setSource(value as 'file' | 'link')}
              data={[
                { value: 'file', label: 'Upload a file' },
                { value: 'link', label: 'Link to a web page' },
              ]}
            />
          </Stack>
          {source === 'file' ? (
            <FileInput
              label="File"
              placeholder={
                keepsFile
                  ? `Keep the current ${resource?.file_type?.toUpperCase() ?? ''} file`
                  : 'No file chosen'
              }
              description="pdf, docx, doc, xlsx, xls, jpeg, png, gif or pages"
              accept={DOCUMENT_ACCEPT_ATTRIBUTE}
              value={file}
              onChange={setFile}
              clearable
              error={errors.file}
            />
          ) : (
            <TextInput
              label="Web address"
              required
              type="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={errors.url}
            />
          )}
          {progress !== null ? <Progress value={progress * 100} aria-label="Upload progress" /> : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {resource ? 'Save changes' : `Add ${one}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
