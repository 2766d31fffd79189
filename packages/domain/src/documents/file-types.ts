/**
 * The file types a document may have (spec 002 §5, §9: jpeg, png, pdf, gif, docx, doc, xlsx,
 * xls, pages). A type is decided by the file name's extension; the content type the browser
 * reports must agree with it, except that an unknown one ('' or application/octet-stream, which
 * browsers send for .pages and sometimes for Office files) is accepted and replaced by the
 * extension's own type. The object is stored with that canonical type.
 */
export interface TDocumentFileType {
  /** The spec's name of the type. */
  type: string;
  /** Extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** The content type the object is stored and served with. */
  contentType: string;
  /** Other content types browsers and systems report for it. */
  aliases: readonly string[];
  /**
   * What its first bytes may be, as a content sniffer (the `file-type` package) names them: doc
   * and xls are OLE compound files ('cfb'); docx, xlsx and pages are zips, which a sniffer that
   * sees only the start of the file may name just 'zip'.
   */
  signatures: readonly string[];
}

export const DOCUMENT_FILE_TYPES: readonly TDocumentFileType[] = [
  {
    type: 'jpeg',
    extensions: ['jpeg', 'jpg'],
    contentType: 'image/jpeg',
    aliases: ['image/pjpeg'],
    signatures: ['jpg'],
  },
  { type: 'png', extensions: ['png'], contentType: 'image/png', aliases: [], signatures: ['png'] },
  {
    type: 'pdf',
    extensions: ['pdf'],
    contentType: 'application/pdf',
    aliases: ['application/x-pdf'],
    signatures: ['pdf'],
  },
  { type: 'gif', extensions: ['gif'], contentType: 'image/gif', aliases: [], signatures: ['gif'] },
  {
    type: 'docx',
    extensions: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    aliases: [],
    signatures: ['docx', 'zip'],
  },
  { type: 'doc', extensions: ['doc'], contentType: 'application/msword', aliases: [], signatures: ['cfb'] },
  {
    type: 'xlsx',
    extensions: ['xlsx'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    aliases: [],
    signatures: ['xlsx', 'zip'],
  },
  {
    type: 'xls',
    extensions: ['xls'],
    contentType: 'application/vnd.ms-excel',
    aliases: [],
    signatures: ['cfb'],
  },
  {
    type: 'pages',
    extensions: ['pages'],
    contentType: 'application/vnd.apple.pages',
    aliases: ['application/x-iwork-pages-sffpages'],
    signatures: ['zip'],
  },
];

/** Content types that say nothing about the file: the extension decides. */
const UNKNOWN_CONTENT_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The accept attribute of a file input: every extension and content type. */
export const DOCUMENT_ACCEPT_ATTRIBUTE = DOCUMENT_FILE_TYPES.flatMap((t) => [
  ...t.extensions.map((e) => `.${e}`),
  t.contentType,
]).join(',');

/** The extension of a file name, lower case without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The accepted type of a file from its name and the content type the browser reported, or null
 * when the file is not one of the accepted types or the two disagree.
 */
export function resolveDocumentFileType(name: string, reportedType: string): TDocumentFileType | null {
  const extension = fileExtension(name);
  const type = DOCUMENT_FILE_TYPES.find((t) => t.extensions.includes(extension));
  if (!type) return null;
  const reported = reportedType.split(';')[0]!.trim().toLowerCase();
  if (UNKNOWN_CONTENT_TYPES.has(reported)) return type;
  return reported === type.contentType || type.aliases.includes(reported) ? type : null;
}

/** The accepted type stored under this content type, if any. */
export function documentFileTypeOf(contentType: string): TDocumentFileType | undefined {
  return DOCUMENT_FILE_TYPES.find((t) => t.contentType === contentType);
}
