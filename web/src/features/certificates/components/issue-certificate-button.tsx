import { Button } from '@mantine/core';
import { useState } from 'react';
import { IssueCertificateModal } from './issue-certificate-modal.tsx';

/**
 * The actions panel's Issue certificate (spec 001 §6: APPROVED and certifySurvey, as
 * `assessmentButtons().issueCertificate` says): opens the modal; once issued, the assessment is
 * read again (`onIssued`).
 */
export function IssueCertificateButton({
  assessmentId,
  disabled = false,
  onIssued,
}: {
  assessmentId: number;
  disabled?: boolean;
  onIssued(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        Issue certificate
      </Button>
      {open ? (
        <IssueCertificateModal
          assessmentId={assessmentId}
          onClose={() => setOpen(false)}
          onIssued={() => {
            setOpen(false);
            onIssued();
          }}
        />
      ) : null}
    </>
  );
}
