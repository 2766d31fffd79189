import { LaterReleaseTab } from './later-release-tab.tsx';

/** The Documents and Accreditation tabs until their features land (clearly marked in the UI). */
export function DocumentsTab() {
  return (
    <LaterReleaseTab
      title="Documents"
      description="Upload, organise and download your practice's documents in folders: accreditation certificates, policy and procedure manuals, and evidence for the standards."
    />
  );
}

export function AccreditationTab() {
  return (
    <LaterReleaseTab
      title="Accreditation"
      description="Your accreditation cycle: the self assessment, survey visits, action plans and certificates."
    />
  );
}
