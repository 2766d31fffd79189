import { randomUUID } from 'node:crypto';
import { STAFF_DOCUMENT_TARGETS, type TStaffDocumentTarget } from '@portal/domain';

/**
 * Object keys of documents. A fresh random UUID makes every key unique and unguessable; the
 * readable tail is the file name made safe. A staff document's key also names the staff row and
 * field it is for: the key is made here and kept in the database (never taken from the
 * browser), so completing the upload reads the target back from it.
 *
 *   practices/<practice id>/documents/<uuid>/<safe name>
 *   practices/<practice id>/staff/<staff id>/<field slug>/<uuid>/<safe name>
 */
export function documentStorageKey(
  practiceId: number,
  fileName: string,
  staff?: { staffId: number; target: TStaffDocumentTarget },
): string {
  const tail = `${randomUUID()}/${safeFileName(fileName)}`;
  if (!staff) return `practices/${practiceId}/documents/${tail}`;
  return `practices/${practiceId}/staff/${staff.staffId}/${STAFF_DOCUMENT_TARGETS[staff.target].slug}/${tail}`;
}

const STAFF_KEY = /^practices\/(\d+)\/staff\/(\d+)\/([a-z-]+)\/[0-9a-f-]{36}\//;

/** The staff row and field a document's key was made for, or null for other documents. */
export function staffTargetOfKey(key: string): { staffId: number; target: TStaffDocumentTarget } | null {
  const match = STAFF_KEY.exec(key);
  if (!match) return null;
  const target = (Object.keys(STAFF_DOCUMENT_TARGETS) as TStaffDocumentTarget[]).find(
    (name) => STAFF_DOCUMENT_TARGETS[name].slug === match[3],
  );
  return target ? { staffId: Number(match[2]), target } : null;
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
