import { randomUUID } from 'node:crypto';
import { STAFF_DOCUMENT_TARGETS, type TStaffDocumentTarget } from '@portal/domain';

/** A staff row's document field an upload fills on completion. */
export interface TStaffAttachment {
  staffId: number;
  target: TStaffDocumentTarget;
}

/** What a completed upload is attached to besides its folder: a staff field or an indicator response. */
export type TDocumentAttachment =
  | ({ kind: 'staff' } & TStaffAttachment)
  | { kind: 'indicator'; indicatorResponseId: number };

/**
 * Object keys of documents. A fresh random UUID makes every key unique and unguessable; the
 * readable tail is the file name made safe. The key of a document for a staff field or an
 * indicator response also names what it is for: the key is made here and kept in the database
 * (never taken from the browser), so completing the upload reads the attachment back from it.
 *
 *   practices/<practice id>/documents/<uuid>/<safe name>
 *   practices/<practice id>/staff/<staff id>/<field slug>/<uuid>/<safe name>
 *   practices/<practice id>/indicator-responses/<response id>/<uuid>/<safe name>
 */
export function documentStorageKey(
  practiceId: number,
  fileName: string,
  attachment?: TDocumentAttachment | null,
): string {
  const tail = `${randomUUID()}/${safeFileName(fileName)}`;
  if (attachment?.kind === 'staff')
    return `practices/${practiceId}/staff/${attachment.staffId}/${STAFF_DOCUMENT_TARGETS[attachment.target].slug}/${tail}`;
  if (attachment?.kind === 'indicator')
    return `practices/${practiceId}/indicator-responses/${attachment.indicatorResponseId}/${tail}`;
  return `practices/${practiceId}/documents/${tail}`;
}

const STAFF_KEY = /^practices\/(\d+)\/staff\/(\d+)\/([a-z-]+)\/[0-9a-f-]{36}\//;
const INDICATOR_KEY = /^practices\/(\d+)\/indicator-responses\/(\d+)\/[0-9a-f-]{36}\//;

/** What a document's key was made for (a staff field, an indicator response), or null for a plain document. */
export function attachmentOfKey(key: string): TDocumentAttachment | null {
  const indicator = INDICATOR_KEY.exec(key);
  if (indicator) return { kind: 'indicator', indicatorResponseId: Number(indicator[2]) };
  const match = STAFF_KEY.exec(key);
  if (!match) return null;
  const target = (Object.keys(STAFF_DOCUMENT_TARGETS) as TStaffDocumentTarget[]).find(
    (name) => STAFF_DOCUMENT_TARGETS[name].slug === match[3],
  );
  return target ? { kind: 'staff', staffId: Number(match[2]), target } : null;
}

/** A file name as a key segment: lower case ASCII letters, digits, '-', '_' and one '.ext'. */
export function safeFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const dot = ascii.lastIndexOf('.');
  const clean = (text: string) =>
    text
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
  const base = clean(dot > 0 ? ascii.slice(0, dot) : ascii).slice(0, 80) || 'file';
  const extension = dot > 0 ? clean(ascii.slice(dot + 1)).slice(0, 10) : '';
  return extension ? `${base}.${extension}` : base;
}
