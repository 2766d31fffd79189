import type { TStaffDocumentField } from '../staff/staff-member-schema.ts';

/**
 * The document fields of a staff row (spec 000 §3: primaryQualification, secondaryQualification,
 * cpdEvidence, trainingEvidence, and the CPR evidence of the table), by the name the upload
 * actions use (the GraphQL enum StaffDocumentField), with their column and label.
 */
export const STAFF_DOCUMENT_TARGETS = {
  PRIMARY_QUALIFICATION: {
    column: 'primary_qualification_document_id',
    inputField: 'primaryQualificationDocumentId',
    label: 'Primary qualification',
    slug: 'primary-qualification',
  },
  SECONDARY_QUALIFICATION: {
    column: 'secondary_qualification_document_id',
    inputField: 'secondaryQualificationDocumentId',
    label: 'Secondary qualification',
    slug: 'secondary-qualification',
  },
  CPD_EVIDENCE: {
    column: 'cpd_evidence_document_id',
    inputField: 'cpdEvidenceDocumentId',
    label: 'CPD evidence',
    slug: 'cpd-evidence',
  },
  TRAINING_EVIDENCE: {
    column: 'training_evidence_document_id',
    inputField: 'trainingEvidenceDocumentId',
    label: 'Training evidence',
    slug: 'training-evidence',
  },
  CPR_EVIDENCE: {
    column: 'cpr_evidence_document_id',
    inputField: 'cprEvidenceDocumentId',
    label: 'CPR evidence',
    slug: 'cpr-evidence',
  },
} as const satisfies Record<
  string,
  { column: string; inputField: TStaffDocumentField; label: string; slug: string }
>;

export type TStaffDocumentTarget = keyof typeof STAFF_DOCUMENT_TARGETS;
export const STAFF_DOCUMENT_TARGET_NAMES = Object.keys(STAFF_DOCUMENT_TARGETS) as [
  TStaffDocumentTarget,
  ...TStaffDocumentTarget[],
];

/** The folder every staff document is kept in (spec 002 §3). */
export const STAFF_DOCUMENTS_FOLDER_CODE = 'STAFF_DOCUMENTS';
