import { DOCUMENT_MESSAGES } from './document-messages.ts';
import { megabytesToBytes } from './file-size.ts';
import { resolveDocumentFileType, type TDocumentFileType } from './file-types.ts';

/** Longest document name (the documents.name column). */
export const DOCUMENT_NAME_MAX_LENGTH = 255;

export type TUploadCheck =
  | { ok: true; fileType: TDocumentFileType }
  | { ok: false; reason: 'too_large' | 'unsupported_type' | 'empty' | 'name_too_long'; message: string };

/**
 * Whether a file may be uploaded as a document: an accepted type, not empty, not over the limit
 * (spec 002 §5 'File size exceeded {n}MB'). The browser checks before asking; the actions service
 * checks the same again, with its configured limit.
 */
export function checkUpload(
  file: { name: string; type: string; size: number },
  maxFileSizeMb: number,
): TUploadCheck {
  const name = file.name.trim();
  if (name.length > DOCUMENT_NAME_MAX_LENGTH)
    return { ok: false, reason: 'name_too_long', message: DOCUMENT_MESSAGES.nameTooLong };
  const fileType = resolveDocumentFileType(name, file.type);
  if (!fileType) return { ok: false, reason: 'unsupported_type', message: DOCUMENT_MESSAGES.unsupportedType };
  if (file.size > megabytesToBytes(maxFileSizeMb))
    return { ok: false, reason: 'too_large', message: DOCUMENT_MESSAGES.fileSizeExceeded(maxFileSizeMb) };
  if (file.size <= 0) return { ok: false, reason: 'empty', message: DOCUMENT_MESSAGES.emptyFile };
  return { ok: true, fileType };
}
