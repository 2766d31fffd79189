import { DOCUMENT_FILE_TYPES, fileExtension } from './file-types.ts';

/**
 * The file name an indicator resource downloads as: its name, plus the extension its `file_type`
 * gives ('docx', or a content type such as 'application/pdf') unless the name already ends with
 * it. An unknown or missing type adds nothing.
 */
export function resourceFileName(name: string, fileType: string | null | undefined): string {
  const type = (fileType ?? '').split(';')[0]!.trim().toLowerCase().replace(/^\./, '');
  const known = DOCUMENT_FILE_TYPES.find(
    (t) => t.extensions.includes(type) || t.contentType === type || t.aliases.includes(type),
  );
  const extension = known
    ? known.extensions.includes(type)
      ? type
      : known.extensions[0]!
    : /^[a-z0-9]{1,10}$/.test(type)
      ? type
      : '';
  if (!extension || fileExtension(name) === extension) return name;
  return `${name}.${extension}`;
}
