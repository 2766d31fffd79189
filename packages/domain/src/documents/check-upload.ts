import { CONTROL_CHARACTER_MESSAGE, isOneLineText } from '../validation/control-characters.ts';
import { DOCUMENT_MESSAGES } from './document-messages.ts';
import { megabytesToBytes } from './file-size.ts';
import { fileExtension, resolveDocumentFileType, type TDocumentFileType } from './file-types.ts';

/** Longest document name (the documents.name column). */
export const DOCUMENT_NAME_MAX_LENGTH = 255;

export type TUploadCheck =
  | { ok: true; fileType: TDocumentFileType }
  | {
      ok: false;
      reason: 'too_large' | 'unsupported_type' | 'empty' | 'name_too_long' | 'name_characters';
      message: string;
    };

/**
 * Whether a file may be uploaded as a document: a name of one line (no control character, TAB,
 * LF and CR included) of at most 255 characters, an accepted type, not empty, not over the limit
 * (spec 002 §5 'File size exceeded {n}MB'). The browser checks before asking; the actions service
 * checks the same again, with its configured limit; the database holds a renamed document to the
 * same name rules (`checkDocumentRename`).
 */
export function checkUpload(
  file: { name: string; type: string; size: number },
  maxFileSizeMb: number,
): TUploadCheck {
  const name = file.name.trim();
  if (name.length > DOCUMENT_NAME_MAX_LENGTH)
    return { ok: false, reason: 'name_too_long', message: DOCUMENT_MESSAGES.nameTooLong };
  if (!isOneLineText(name))
    return { ok: false, reason: 'name_characters', message: CONTROL_CHARACTER_MESSAGE };
  const fileType = resolveDocumentFileType(name, file.type);
  if (!fileType) return { ok: false, reason: 'unsupported_type', message: DOCUMENT_MESSAGES.unsupportedType };
  const sizeProblem = uploadSizeProblem(file.size, maxFileSizeMb);
  if (sizeProblem) return { ok: false, ...sizeProblem };
  return { ok: true, fileType };
}

/**
 * The size rule of every upload of a file (a document, a resource): over the limit (spec 002 §5
 * 'File size exceeded {n}MB', decimal MB) or empty; null when the size is fine. `checkUpload` asks
 * it of the size the browser announces; the actions ask it again of the object in storage.
 */
export function uploadSizeProblem(
  size: number,
  maxFileSizeMb: number,
): { reason: 'too_large' | 'empty'; message: string } | null {
  if (size > megabytesToBytes(maxFileSizeMb))
    return { reason: 'too_large', message: DOCUMENT_MESSAGES.fileSizeExceeded(maxFileSizeMb) };
  if (size <= 0) return { reason: 'empty', message: DOCUMENT_MESSAGES.emptyFile };
  return null;
}

/**
 * Whether a document may be renamed from `currentName` to `newName` (docs/security.md: the name
 * rules of an upload hold for a rename too): the new name is trimmed as an upload's is, must not be
 * empty nor longer than 255 characters, and keeps the extension of the current name (in any case),
 * so a rename never changes the type the file was checked and is served as. One line, as an
 * upload's name: the database's rule on every text column refuses control characters. Only the
 * database renames (there is no rename screen): its trigger `documents_name_guard` is this
 * function's twin, compared by hasura/tests/permissions/permission-writes.test.ts.
 */
export function checkDocumentRename(
  currentName: string,
  newName: string,
): { ok: true; name: string } | { ok: false; message: string } {
  const name = newName.trim();
  if (name.length === 0) return { ok: false, message: DOCUMENT_MESSAGES.nameRequired };
  if (name.length > DOCUMENT_NAME_MAX_LENGTH) return { ok: false, message: DOCUMENT_MESSAGES.nameTooLong };
  const extension = fileExtension(currentName);
  if (fileExtension(name) !== extension)
    return { ok: false, message: DOCUMENT_MESSAGES.nameKeepsExtension(extension) };
  return { ok: true, name };
}
