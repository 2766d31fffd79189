import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  canChangeAssessmentInputs,
  canDeleteIndicatorFile,
  evidenceLastDay,
  formatDisplayDate,
  formatFileSize,
  lookbackWindowText,
  shortenFileName,
} from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { EvidenceStateBadge } from '../../../components/evidence-state-badge.tsx';
import { FileIcon, TrashIcon, UploadIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/offline/needs-connection.ts';
import { useDocumentDownload } from '../../../lib/upload/use-document-download.ts';
import type {
  TAssessmentAccess,
  TAssessmentData,
  TIndicator,
  TResponseRow,
} from '../../assessments/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { ArchiveIndicatorDocumentMutation } from '../api/archive-indicator-document.ts';
import { IndicatorUploadModal } from './indicator-upload-modal.tsx';

/**
 * One uploaded file: its shortened name downloads it; 'Due soon' or 'Overdue' with the date when
 * it is past or near its review date or the indicator's look-back window (`lastDay`,
 * docs/decisions/evidence.md); the bin asks before deleting.
 */
function IndicatorDocumentRow({
  doc,
  lastDay,
  deletable,
  busy,
  onDownload,
  onDelete,
}: {
  doc: TResponseRow['documents'][number];
  lastDay: string | null;
  deletable: boolean;
  busy: boolean;
  onDownload(): void;
  onDelete(): void;
}) {
  return (
    <Group gap="sm" wrap="nowrap" component="li" justify="space-between">
      <Group gap={8} wrap="nowrap" miw={0}>
        <FileIcon size={16} />
        <Tooltip label={doc.name} disabled={shortenFileName(doc.name) === doc.name}>
          {/* The shortened name shows (spec 002 §2); the full one is what it reads. */}
          <Anchor component="button" type="button" fz="sm" onClick={onDownload} disabled={busy}>
            <span aria-hidden="true">{shortenFileName(doc.name)}</span>
            <VisuallyHidden>Download {doc.name}</VisuallyHidden>
          </Anchor>
        </Tooltip>
        <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatFileSize(doc.file_size)} · {formatDisplayDate(doc.created_at)}
        </Text>
        <EvidenceStateBadge date={lastDay} withDate />
      </Group>
      {deletable ? (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${doc.name}`} onClick={onDelete}>
          <TrashIcon size={16} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/**
 * The files uploaded against an indicator (spec 001 §2, 002 §2): download any; upload while the
 * user may change the assessment; delete one's own only while a self assessment is in progress.
 */
export function IndicatorDocuments({
  assessment,
  indicator,
  responseId,
  documents,
  access,
  onChanged,
}: {
  assessment: TAssessmentData;
  indicator: TIndicator;
  responseId: number | null;
  documents: TResponseRow['documents'];
  access: TAssessmentAccess;
  onChanged(): void;
}) {
  const { practiceId } = usePracticeContext();
  const { download, busy } = useDocumentDownload();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<TResponseRow['documents'][number] | null>(null);
  const [archiveState, archive] = useMutation(ArchiveIndicatorDocumentMutation);
  const mayUpload = responseId !== null && canChangeAssessmentInputs(access);
  const uploadNeeds = useNeedsConnection('Uploading files');
  const lookback = lookbackWindowText(indicator.evidence_lookback_months);

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await archive({ id: deleting.id });
    if (result.error || !result.data?.update_documents_by_pk) {
      notifyError(ASSESSMENT_MESSAGES.indicatorFileDeleteFailed);
    } else {
      notifySuccess(ASSESSMENT_MESSAGES.indicatorFileDeleted);
      onChanged();
    }
    setDeleting(null);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap="xs" align="baseline">
          <Title order={4} fz="sm">
            Documents
          </Title>
          {lookback ? (
            <Text fz="xs" c="dimmed">
              {lookback}
            </Text>
          ) : null}
        </Group>
        {mayUpload ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<UploadIcon size={14} />}
            onClick={uploadNeeds.guard(() => setUploading(true))}
          >
            Upload
          </Button>
        ) : null}
      </Group>
      {documents.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No documents uploaded for this indicator.
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.map((doc) => (
            <IndicatorDocumentRow
              key={doc.id}
              doc={doc}
              lastDay={evidenceLastDay(doc, indicator.evidence_lookback_months)}
              deletable={canDeleteIndicatorFile({
                type: assessment.type,
                status: assessment.status,
                isUploader: doc.created_by_id === access.userId,
              })}
              busy={busy}
              onDownload={() => void download(doc.id)}
              onDelete={() => setDeleting(doc)}
            />
          ))}
        </Stack>
      )}
      {mayUpload && responseId !== null ? (
        <IndicatorUploadModal
          opened={uploading}
          practiceId={practiceId}
          responseId={responseId}
          defaultFolderId={indicator.document_folder_id}
          onClose={() => setUploading(false)}
          onUploaded={onChanged}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete document"
        confirmLabel="Delete"
        confirmColor="red"
        busy={archiveState.fetching}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete {deleting?.name}? It is removed from this indicator.
      </ConfirmModal>
    </Stack>
  );
}
