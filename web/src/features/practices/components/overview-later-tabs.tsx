import { LaterReleaseTab } from './later-release-tab.tsx';

/** The Documents tab until its feature lands (clearly marked in the UI). */
export function DocumentsTab() {
  return (
    <LaterReleaseTab
      title="Documents"
      description="Upload, organise and download your practice's documents in folders: accreditation certificates, policy and procedure manuals, and evidence for the standards."
    />
  );
}
