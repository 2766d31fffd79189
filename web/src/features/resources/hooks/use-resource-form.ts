import {
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
import { useResourceFileUpload } from './use-resource-file-upload.ts';

/** Stands in for the storage key while the form is checked before the file goes up. */
const CHOSEN_FILE = 'chosen-file';

/**
 * The state of the resource form (add or edit a resource or factsheet) and its submit: checked
 * with the action's own schema first, the file (if one is chosen) sent to the document store with
 * its progress, then the save; the server's per-field words come back under their inputs.
 */
export function useResourceForm(
  kind: TGeneralResourceKind,
  resource: TResourceRow | null,
  onSaved: () => void,
) {
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

  return {
    one,
    fields: { name, category, description, forPm, forSurveyor, source, url, file },
    set: { setName, setCategory, setDescription, setForPm, setForSurveyor, setSource, setUrl, setFile },
    errors,
    formError,
    progress,
    saving,
    keepsFile,
    submit,
  };
}
export type TResourceForm = ReturnType<typeof useResourceForm>;
