import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TGeneralResourceKind } from '@portal/domain';
import type { TResourceRow } from '../api/get-resources.ts';
import { useResourceForm } from '../hooks/use-resource-form.ts';
import { ResourceSourceFields } from './resource-source-fields.tsx';

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
  const form = useResourceForm(kind, resource, onSaved);
  const { one, fields, set, errors, formError, progress, saving } = form;
  return (
    <Modal opened onClose={onClose} title={resource ? `Edit ${one}` : `Add a ${one}`} size="lg" centered>
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            required
            value={fields.name}
            onChange={(e) => set.setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Autocomplete
            label="Category"
            required
            description="Choose one or type a new one"
            data={[...categories]}
            value={fields.category}
            onChange={set.setCategory}
            error={errors.category}
          />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            maxRows={5}
            value={fields.description}
            onChange={(e) => set.setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <Checkbox.Group
            label="Who sees it"
            required
            error={errors.forPm}
            value={[...(fields.forPm ? ['pm'] : []), ...(fields.forSurveyor ? ['surveyor'] : [])]}
            onChange={(value) => {
              set.setForPm(value.includes('pm'));
              set.setForSurveyor(value.includes('surveyor'));
            }}
          >
            <Group gap="lg" mt={6}>
              <Checkbox value="pm" label="Practice managers" />
              <Checkbox value="surveyor" label="Surveyors" />
            </Group>
          </Checkbox.Group>
          <ResourceSourceFields form={form} resource={resource} />
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
