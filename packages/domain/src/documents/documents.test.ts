import { describe, expect, it } from 'vitest';
import { STAFF_DOCUMENT_FIELDS } from '../staff/staff-member-schema.ts';
import { certificateFileName } from './certificate-file-name.ts';
import { checkDocumentRename, checkUpload, uploadSizeProblem } from './check-upload.ts';
import { DOCUMENTS_PAGE_SIZE, MAX_DOCUMENTS_PER_CALL, MAX_FILES_PER_UPLOAD } from './document-limits.ts';
import { DOCUMENT_MESSAGES } from './document-messages.ts';
import { DEFAULT_MAX_FILE_SIZE_MB, formatFileSize, megabytesToBytes } from './file-size.ts';
import { DOCUMENT_ACCEPT_ATTRIBUTE, fileExtension, resolveDocumentFileType } from './file-types.ts';
import { FOLDER_COLOURS, folderColour } from './folder-colours.ts';
import { resourceFileName } from './resource-file-name.ts';
import { shortenFileName } from './shorten-file-name.ts';
import { STAFF_DOCUMENT_TARGETS } from './staff-document-targets.ts';

describe('document file types (spec 002 §5)', () => {
  it('accepts the nine types by extension, with their own content type', () => {
    const cases: Array<[string, string, string]> = [
      ['a.jpeg', 'image/jpeg', 'image/jpeg'],
      ['a.JPG', 'image/jpeg', 'image/jpeg'],
      ['a.png', 'image/png', 'image/png'],
      ['a.pdf', 'application/pdf', 'application/pdf'],
      ['a.gif', 'image/gif', 'image/gif'],
      ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
      ['a.doc', 'application/msword', 'application/msword'],
      ['a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      ['a.xls', 'application/vnd.ms-excel', 'application/vnd.ms-excel'],
      ['a.pages', 'application/vnd.apple.pages', 'application/vnd.apple.pages'],
    ];
    for (const [name, reported] of cases) {
      const type = resolveDocumentFileType(name, reported);
      expect(type?.contentType, name).toBe(reported);
    }
  });

  it('lets the extension decide when the browser does not know the type', () => {
    expect(resolveDocumentFileType('Report.pages', '')?.contentType).toBe('application/vnd.apple.pages');
    expect(resolveDocumentFileType('x.doc', 'application/octet-stream')?.contentType).toBe(
      'application/msword',
    );
    expect(resolveDocumentFileType('x.pdf', 'application/pdf; charset=binary')?.type).toBe('pdf');
    expect(resolveDocumentFileType('x.jpg', 'image/pjpeg')?.contentType).toBe('image/jpeg');
  });

  it('refuses other extensions and a content type that contradicts the extension', () => {
    expect(resolveDocumentFileType('script.exe', 'application/octet-stream')).toBeNull();
    expect(resolveDocumentFileType('notes.txt', 'text/plain')).toBeNull();
    expect(resolveDocumentFileType('pdf', 'application/pdf')).toBeNull();
    expect(resolveDocumentFileType('cert.pdf', 'text/html')).toBeNull();
    expect(resolveDocumentFileType('photo.png', 'image/jpeg')).toBeNull();
  });

  it('names extensions without the dot, lower case', () => {
    expect(fileExtension('A.Tar.PDF')).toBe('pdf');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('offers every extension to the file input', () => {
    for (const extension of [
      '.jpeg',
      '.jpg',
      '.png',
      '.pdf',
      '.gif',
      '.docx',
      '.doc',
      '.xlsx',
      '.xls',
      '.pages',
    ])
      expect(DOCUMENT_ACCEPT_ATTRIBUTE.split(',')).toContain(extension);
  });
});

describe('file sizes (spec 002 §5, §9)', () => {
  it('display in decimal units with 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(999)).toBe('999 B');
    expect(formatFileSize(1000)).toBe('1.00 kB');
    expect(formatFileSize(183_137)).toBe('183.14 kB');
    expect(formatFileSize(999_999)).toBe('1000.00 kB');
    expect(formatFileSize(1_000_000)).toBe('1.00 MB');
    expect(formatFileSize(104_857_600)).toBe('104.86 MB');
    expect(formatFileSize(null)).toBe('');
  });

  it('limit 100 MB by default, counted in the same decimal megabytes', () => {
    expect(DEFAULT_MAX_FILE_SIZE_MB).toBe(100);
    expect(megabytesToBytes(100)).toBe(100_000_000);
  });
});

describe('checkUpload', () => {
  const pdf = (size: number, name = 'cpr.pdf') => ({ name, type: 'application/pdf', size });

  it('passes an accepted file within the limit', () => {
    const check = checkUpload(pdf(100_000_000), 100);
    expect(check.ok && check.fileType.contentType).toBe('application/pdf');
  });

  it("refuses a file over the limit with the spec's words", () => {
    expect(checkUpload(pdf(100_000_001), 100)).toEqual({
      ok: false,
      reason: 'too_large',
      message: 'File size exceeded 100MB',
    });
    expect(checkUpload(pdf(6_000_000), 5)).toMatchObject({ message: 'File size exceeded 5MB' });
  });

  it('refuses other types, empty files and over-long names', () => {
    expect(checkUpload({ name: 'a.exe', type: '', size: 10 }, 100)).toMatchObject({
      reason: 'unsupported_type',
      message: 'Only jpeg, png, pdf, gif, docx, doc, xlsx, xls, pages files can be uploaded',
    });
    expect(checkUpload(pdf(0), 100)).toMatchObject({ reason: 'empty' });
    expect(checkUpload(pdf(10, `${'a'.repeat(252)}.pdf`), 100)).toMatchObject({ reason: 'name_too_long' });
    expect(checkUpload(pdf(10, `${'a'.repeat(251)}.pdf`), 100).ok).toBe(true);
  });

  it('takes a name of one line only (TAB, LF and CR are control characters in a name)', () => {
    for (const name of ['cpr\tcard.pdf', 'cpr\ncard.pdf', 'cpr\u0007.pdf', 'cpr\u0085.pdf'])
      expect(checkUpload(pdf(10, name), 100), JSON.stringify(name)).toEqual({
        ok: false,
        reason: 'name_characters',
        message: 'Remove the control characters (such as NUL) from this field.',
      });
    expect(checkUpload(pdf(10, ' cpr card.pdf\n'), 100).ok).toBe(true);
  });
});

describe('uploadSizeProblem', () => {
  it('is the size rule checkUpload applies, for an object in storage too', () => {
    expect(uploadSizeProblem(100_000_000, 100)).toBeNull();
    expect(uploadSizeProblem(100_000_001, 100)).toEqual({
      reason: 'too_large',
      message: 'File size exceeded 100MB',
    });
    expect(uploadSizeProblem(0, 100)).toEqual({ reason: 'empty', message: DOCUMENT_MESSAGES.emptyFile });
  });
});

describe('checkDocumentRename (a rename keeps the upload rules: decisions/documents-and-uploads.md)', () => {
  it('trims the name and keeps the extension, in any case', () => {
    expect(checkDocumentRename('Policy.pdf', '  Manual 2026.PDF ')).toEqual({
      ok: true,
      name: 'Manual 2026.PDF',
    });
    expect(checkDocumentRename('notes', 'minutes')).toEqual({ ok: true, name: 'minutes' });
  });

  it('refuses another extension, none, an empty and an over-long name', () => {
    const keep = 'A document keeps its file type: its name must end in .pdf';
    for (const name of ['policy.exe', 'policy.pdf.html', 'policy', 'policy.', '.pdf'])
      expect(checkDocumentRename('policy.pdf', name), name).toEqual({ ok: false, message: keep });
    expect(checkDocumentRename('notes', 'notes.pdf')).toEqual({
      ok: false,
      message: 'A document keeps its file type: its name cannot take an extension',
    });
    expect(checkDocumentRename('policy.pdf', '   ')).toEqual({
      ok: false,
      message: 'A document needs a name',
    });
    expect(checkDocumentRename('policy.pdf', `${'a'.repeat(252)}.pdf`)).toEqual({
      ok: false,
      message: 'The file name is too long (at most 255 characters)',
    });
  });
});

describe('messages (spec 002 §8)', () => {
  it('are word for word', () => {
    expect(DOCUMENT_MESSAGES.uploadSucceeded).toBe('File upload was successful!');
    expect(DOCUMENT_MESSAGES.uploadFailed).toBe('Failed to upload file(s), please try again');
    expect(DOCUMENT_MESSAGES.tooLarge()).toBe(
      'The file was too large, please contact your systems administrator',
    );
    expect(DOCUMENT_MESSAGES.tooLarge(3)).toBe(
      '1 or more of the files were too large, please contact your systems administrator',
    );
  });
});

describe('the Documents screen (spec 002 §8)', () => {
  it('says archive, move and download word for word, the cut-off ones ending in try again', () => {
    expect(DOCUMENT_MESSAGES.archiveSucceeded(1)).toBe('Successfully archived document');
    expect(DOCUMENT_MESSAGES.archiveSucceeded(2)).toBe('Successfully archived documents.');
    expect(DOCUMENT_MESSAGES.archiveFailed).toBe('Could not archive document, please try again.');
    expect(DOCUMENT_MESSAGES.archiveManyFailed).toBe('Could not archive documents.');
    expect(DOCUMENT_MESSAGES.moved).toBe('Successfully moved documents.');
    expect(DOCUMENT_MESSAGES.moveFailed).toBe('Could not move documents.');
    expect(DOCUMENT_MESSAGES.documentsDownloaded).toBe('Successfully downloaded documents.');
    expect(DOCUMENT_MESSAGES.documentsDownloadFailed).toBe('Could not download documents.');
    expect(DOCUMENT_MESSAGES.folderDownloaded).toBe('Successfully downloaded folder.');
    expect(DOCUMENT_MESSAGES.folderDownloadFailed).toBe('Could not download folder.');
    expect(DOCUMENT_MESSAGES.blobDownloadFailed).toBe(
      'Oops, something happened when you were trying to download that document',
    );
    expect(DOCUMENT_MESSAGES.indicatorFileDeleteFailed).toBe(
      'Could not delete the indicator file, please try again.',
    );
    expect(DOCUMENT_MESSAGES.unavailable).toBe(
      'This document is unavailable: its file is missing. Please contact your systems administrator.',
    );
  });

  it('has the limits we chose, named in the warnings', () => {
    expect({ MAX_FILES_PER_UPLOAD, DOCUMENTS_PAGE_SIZE, MAX_DOCUMENTS_PER_CALL }).toEqual({
      MAX_FILES_PER_UPLOAD: 20,
      DOCUMENTS_PAGE_SIZE: 50,
      MAX_DOCUMENTS_PER_CALL: 500,
    });
    expect(DOCUMENT_MESSAGES.tooManyFiles).toBe('You can upload at most 20 files at a time');
    expect(DOCUMENT_MESSAGES.tooManyDocuments).toBe('Choose at most 500 documents at a time');
  });
});

describe('folder colours', () => {
  /** WCAG 2 contrast of a colour against white. */
  const contrastWithWhite = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
  };

  it('are distinct and each carries white text at WCAG AA', () => {
    expect(new Set(FOLDER_COLOURS).size).toBe(FOLDER_COLOURS.length);
    for (const colour of FOLDER_COLOURS)
      expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('cycle by position', () => {
    expect(folderColour(0)).toBe(FOLDER_COLOURS[0]);
    expect(folderColour(FOLDER_COLOURS.length)).toBe(FOLDER_COLOURS[0]);
    expect(folderColour(FOLDER_COLOURS.length + 2)).toBe(FOLDER_COLOURS[2]);
    expect(folderColour(-1)).toBe(FOLDER_COLOURS[FOLDER_COLOURS.length - 1]);
  });
});

describe('file names (spec 002 §2)', () => {
  it('are shortened from 10 characters to the first 5, .. and the extension', () => {
    expect(shortenFileName('certificate.pdf')).toBe('certi..pdf');
    expect(shortenFileName('abcd12.pdf')).toBe('abcd1..pdf');
    expect(shortenFileName('cert.pdf')).toBe('cert.pdf');
    expect(shortenFileName('abcde.pdf')).toBe('abcde.pdf');
    expect(shortenFileName('longnamewithoutext')).toBe('longn..');
  });
});

describe('staff document targets', () => {
  it('cover every document field of a staff row, each with its own column', () => {
    const targets = Object.values(STAFF_DOCUMENT_TARGETS);
    expect(targets.map((t) => t.inputField).sort()).toEqual([...STAFF_DOCUMENT_FIELDS].sort());
    for (const t of targets) expect(t.column).toMatch(/^[a-z_]+_document_id$/);
  });
});

describe('resourceFileName', () => {
  it("adds the extension of the resource's file type to its name", () => {
    expect(resourceFileName('C1.1A practice template', 'docx')).toBe('C1.1A practice template.docx');
    expect(resourceFileName('Guide', 'application/pdf')).toBe('Guide.pdf');
    expect(resourceFileName('Photo', 'image/jpeg')).toBe('Photo.jpeg');
    expect(resourceFileName('Photo', 'JPG')).toBe('Photo.jpg');
    expect(resourceFileName('Notes', '.xlsx')).toBe('Notes.xlsx');
  });

  it('keeps a name that already ends with it, and adds nothing for an unknown or missing type', () => {
    expect(resourceFileName('Guide.pdf', 'pdf')).toBe('Guide.pdf');
    expect(resourceFileName('Guide.PDF', 'application/pdf')).toBe('Guide.PDF');
    expect(resourceFileName('Guide', null)).toBe('Guide');
    expect(resourceFileName('Guide', 'application/x-something odd')).toBe('Guide');
    expect(resourceFileName('Notes', 'txt')).toBe('Notes.txt');
  });
});

describe('certificateFileName', () => {
  it("names the practice, the certificate's type and its expiry", () => {
    expect(certificateFileName('Harbourside Family Medical', 'ACCREDITATION', '2027-03-03')).toBe(
      'Harbourside Family Medical - Accreditation certificate - 3 Mar 2027.pdf',
    );
    expect(certificateFileName('Hinterland Family Doctors', 'EXTENSION', '2026-11-30')).toBe(
      'Hinterland Family Doctors - Extension certificate - 30 Nov 2026.pdf',
    );
  });

  it('keeps out what a file system refuses, and never leaves the practice blank', () => {
    expect(certificateFileName('A/B: "Clinic"', 'REGISTRATION', '2026-01-09')).toBe(
      'A-B- -Clinic- - Registration certificate - 9 Jan 2026.pdf',
    );
    expect(certificateFileName('  ', 'ACCREDITATION', '2026-01-09')).toBe(
      'Practice - Accreditation certificate - 9 Jan 2026.pdf',
    );
  });
});
