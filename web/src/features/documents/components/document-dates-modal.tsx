import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { DISPLAY_DATE_FORMAT, parseDisplayDate } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { TDocumentRow } from '../api/get-documents.ts';
import { UpdateDocumentDatesMutation } from '../api/update-document-dates.ts';

/** Ours: the effective date is the one date a document must have. */
export const EFFECTIVE_DATE_REQUIRED = 'Please input a date';
/** Ours: what the toast says once the dates are saved. */
export const DOCUMENT_DATES_SAVED = 'Document dates saved';

/** The database's own words, without the engine's 'Check constraint violation. ' (Hasura's wording). */
function refusalOf(message: string): string {
  return message.replace(/^Check constraint violation\.\s*/, '');
}

/**
 * 'Document dates' (docs/decisions/evidence.md#documents): the day a document takes effect
 * (required) and its review or expiry date (optional, cleared for none), as dd/MM/yyyy (spec 002
 * §5). The server decides: its refusal (a review date before the effective date) shows in the
 * dialog and nothing changes.
 */
export function DocumentDatesModal({
  document,
  onClose,
  onSaved,
}: {
  document: TDocumentRow;
  onClose(): void;
  onSaved(): void;
}) {
  const [effective, setEffective] = useState<string | null>(document.effective_date as string);
  const [review, setReview] = useState<string | null>((document.review_date as string | null) ?? null);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [state, update] = useMutation(UpdateDocumentDatesMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setRefusal(null);
    if (!effective) return;
    const result = await update({ id: document.id, effective, review });
    if (result.error) return setRefusal(refusalOf(PortalError.fromCombinedError(result.error).message));
    if (!result.data?.update_documents_by_pk)
      return setRefusal('This document cannot be changed by you, or it no longer exists.');
    notifySuccess(DOCUMENT_DATES_SAVED);
    onSaved();
    onClose();
  };

  const format = DISPLAY_DATE_FORMAT.toUpperCase();
  return (
    <Modal opened onClose={() => !state.fetching && onClose()} title="Document dates" centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {document.name}
          </Text>
          <DateInput
            label="Effective date"
            description="The day the document takes effect"
            required
            valueFormat={format}
            placeholder="dd/mm/yyyy"
            value={effective}
            onChange={(value) => setEffective(value || null)}
            dateParser={(text) => parseDisplayDate(text)}
            error={tried && !effective ? EFFECTIVE_DATE_REQUIRED : undefined}
            popoverProps={{ withinPortal: true }}
          />
          <DateInput
            label="Review date"
            description="When it is due for review or expires; leave empty for none"
            clearable
            valueFormat={format}
            placeholder="dd/mm/yyyy"
            value={review}
            onChange={(value) => setReview(value || null)}
            dateParser={(text) => parseDisplayDate(text)}
            popoverProps={{ withinPortal: true }}
          />
          {refusal ? (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={state.fetching}>
              Cancel
            </Button>
            <Button type="submit" loading={state.fetching}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
