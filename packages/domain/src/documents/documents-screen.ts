/**
 * The words and settings of the Documents screen that spec 002 §2 names without giving (ours,
 * docs/decisions/documents.md "Web"), beside the spec's own where it gives them.
 */
export const DOCUMENTS_SCREEN_MESSAGES = {
  /** Spec 002 §2: the first-time alert, Step 2, and its three items. */
  introStep: 'Upload required documents',
  introChecklist: [
    'Proof of current accreditation certificate',
    'Policy and procedure manual',
    'Deed of agreement for medical deputising services',
  ],
  /** Ours: the button that dismisses the alert (the staff tab's is 'Enter All Staff Details'). */
  introButton: 'Got it',
  /** Spec 002 §2: the search box's label. */
  searchLabel: 'Search all documents',
  /** Ours. */
  noFolders: 'There are no folders yet.',
  /** Ours. */
  chooseFolder: 'Choose a folder to see its documents.',
  /** Ours. */
  emptyFolder: 'This folder is empty. Upload documents to keep them here.',
  /** Ours. */
  noSearchResults: (text: string) => `No documents match "${text}".`,
  /**
   * Ours: the document's object is missing in storage (docs/decisions/documents-and-uploads.md,
   * "A missing object").
   */
  unavailable: 'Unavailable',
  /** Ours: the upload modal's required file. */
  filesRequired: 'Please choose at least one file',
  /** Ours: the move modal's required target (spec 002 §2). */
  targetFolderRequired: 'Please choose the folder to move to',
  /** Ours: an upload the user cancelled. */
  uploadCancelled: 'Cancelled',
} as const;

/** How long the search box waits after the last key before it asks (ours). */
export const DOCUMENTS_SEARCH_DEBOUNCE_MS = 300;

/** The Date column of the documents table (spec 002 §2, §9), a date-fns pattern. */
export const DOCUMENT_DATE_FORMAT = 'd LLL yyyy - h:mma';
