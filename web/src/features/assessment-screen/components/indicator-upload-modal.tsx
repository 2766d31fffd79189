import { useQuery } from 'urql';
import { DocumentUploadModal } from '../../../components/document-upload-modal.tsx';
import { GetPracticeFoldersQuery } from '../api/get-practice-folders.ts';

/**
 * The upload modal of an indicator (spec 001 §5, 002 §2): the app's one upload modal, its files
 * uploaded against the indicator's response, the indicator's own folder chosen first.
 */
export function IndicatorUploadModal({
  opened,
  practiceId,
  responseId,
  defaultFolderId,
  onClose,
  onUploaded,
}: {
  opened: boolean;
  practiceId: number;
  responseId: number;
  defaultFolderId: number | null;
  onClose(): void;
  onUploaded(): void;
}) {
  const [{ data }] = useQuery({ query: GetPracticeFoldersQuery, variables: { practiceId }, pause: !opened });
  return (
    <DocumentUploadModal
      opened={opened}
      title="Upload a file"
      folders={data?.folders ?? []}
      defaultFolderId={defaultFolderId}
      target={{ practiceId, indicatorResponseId: responseId }}
      onClose={onClose}
      onUploaded={onUploaded}
    />
  );
}
