import { ActionIcon, FileButton, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { DOCUMENT_ACCEPT_ATTRIBUTE, STAFF_DOCUMENT_TARGETS, type TStaffDocumentTarget } from '@portal/domain';
import { useClient } from 'urql';
import { requireConnection } from '../../../lib/offline/needs-connection.ts';
import { useDocumentUpload } from '../../../lib/upload/use-document-upload.ts';
import { GetStaffDocumentsQuery } from '../api/get-staff-documents.ts';
import {
  documentOf,
  type TStaffDocumentRef,
  type TStaffRow,
  type TStaffRowDocument,
} from '../model/staff-row.ts';
import { StaffDocumentLink } from './staff-document-link.tsx';
import classes from './staff-table.module.css';

/** The row's document of a field (`cpr_evidence_document`, …). */
export function staffDocumentOf(row: TStaffRow, target: TStaffDocumentTarget): TStaffDocumentRef | null {
  return documentOf(row, STAFF_DOCUMENT_TARGETS[target].column.replace(/_id$/, '') as TStaffRowDocument);
}

function UploadIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path
        d="M6 8.5V1.8M3.2 4.4 6 1.6l2.8 2.8M1.8 10.4h8.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * One document field of the row in edit (spec 000 §5 document fields): the attached file, a
 * button to upload or replace it (checked against the accepted types and the size limit), and a
 * progress bar while it goes up. The upload attaches the document at once (completeDocument);
 * `onAttached` puts its id in the draft so that saving the row keeps it.
 */
export function StaffDocumentUpload({
  row,
  target,
  kind,
  onAttached,
}: {
  row: TStaffRow;
  target: TStaffDocumentTarget;
  /** A short label before the file, for cells with several fields. */
  kind?: string;
  onAttached(documentId: number): void;
}) {
  const client = useClient();
  const { upload, progress, uploading } = useDocumentUpload();
  const label = STAFF_DOCUMENT_TARGETS[target].label;
  const current = staffDocumentOf(row, target);

  const choose = async (file: File | null) => {
    if (!file || !requireConnection('Uploading files')) return;
    const done = await upload(file, { practiceId: row.practice_id, staffId: row.id, staffField: target });
    if (!done) return;
    onAttached(done.documentId);
    // The row (a normalised entity) refreshes in the register with its new document.
    await client.query(GetStaffDocumentsQuery, { id: row.id }, { requestPolicy: 'network-only' }).toPromise();
  };

  // While the file goes up its progress bar takes the place of the file name, so the row keeps
  // its height (the kind stays in the bar's name and the button's tooltip).
  return (
    <Group gap={4} wrap="nowrap" align="center" className={classes.upload}>
      <FileButton onChange={choose} accept={DOCUMENT_ACCEPT_ATTRIBUTE} disabled={uploading}>
        {(props) => (
          <Tooltip label={`${current ? 'Replace' : 'Upload'} ${label.toLowerCase()}`} withinPortal>
            <ActionIcon
              {...props}
              size="sm"
              variant="light"
              aria-label={`Upload ${label}`}
              loading={uploading}
            >
              <UploadIcon />
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      {progress !== null ? (
        <Progress
          className={classes.uploadProgress}
          size="sm"
          value={Math.round(progress * 100)}
          aria-label={`Uploading ${label}`}
          title={`Uploading ${label.toLowerCase()}: ${Math.round(progress * 100)}%`}
          animated={progress < 1}
        />
      ) : current ? (
        <span className={classes.uploadName}>
          <StaffDocumentLink document={current} kind={kind} />
        </span>
      ) : kind ? (
        <Text span c="dimmed" fz="xs" className={classes.uploadName}>
          {kind}
        </Text>
      ) : null}
    </Group>
  );
}

/** The fields of the evidence column, in the order its view lists them. */
export const STAFF_EVIDENCE_TARGETS = [
  'CPD_EVIDENCE',
  'TRAINING_EVIDENCE',
  'PRIMARY_QUALIFICATION',
  'SECONDARY_QUALIFICATION',
] as const;

/** The short labels of the fields that share the evidence column (as its view shows them). */
const KINDS: Partial<Record<TStaffDocumentTarget, string>> = {
  CPD_EVIDENCE: 'CPD',
  TRAINING_EVIDENCE: 'Training',
  PRIMARY_QUALIFICATION: 'Qualification',
  SECONDARY_QUALIFICATION: 'Qualification 2',
};

/**
 * The upload controls of a cell of the row in edit, one per field. A new row has none until it
 * is saved: an upload attaches to a stored staff member.
 */
export function StaffDocumentUploads({
  row,
  set,
  targets,
}: {
  row: TStaffRow | null;
  /** The row editor's setter: the new document's id goes into the draft. */
  set(field: string, value: unknown): void;
  targets: readonly TStaffDocumentTarget[];
}) {
  if (!row)
    return (
      <Text fz="xs" c="dimmed">
        Save the row to add files
      </Text>
    );
  return (
    <Stack gap={4}>
      {targets.map((target) => (
        <StaffDocumentUpload
          key={target}
          row={row}
          target={target}
          kind={targets.length > 1 ? KINDS[target] : undefined}
          onAttached={(id) => set(STAFF_DOCUMENT_TARGETS[target].inputField, id)}
        />
      ))}
    </Stack>
  );
}
