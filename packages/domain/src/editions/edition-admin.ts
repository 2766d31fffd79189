import { API_PREFIX } from '../routes/paths.ts';
import type { TEditionStatus } from './edition-file.ts';

/** The admin area's editions API (docs/editions/README.md, "The API"): a provider admin's only. */
export const EDITIONS_ADMIN_PATH = `${API_PREFIX}/admin/editions`;

/** The format's JSON Schema, public. */
export const EDITION_SCHEMA_PATH = `${API_PREFIX}/editions/edition.schema.json`;

/** What the editions API says to anyone but an active provider admin. */
export const EDITIONS_REFUSED_MESSAGE = 'Only a provider admin can manage the editions of the standards.';

/** The files an edition is exported as. */
export const EDITION_EXPORT_FORMATS = [
  { format: 'json', label: 'JSON' },
  { format: 'yaml', label: 'YAML' },
  { format: 'xlsx', label: 'Spreadsheet (.xlsx)' },
] as const;
export type TEditionExportFormat = (typeof EDITION_EXPORT_FORMATS)[number]['format'];

/** An edition as the admin area lists it (GET /api/admin/editions), newest first. */
export interface TEditionSummary {
  id: number;
  code: string;
  name: string;
  status: TEditionStatus;
  /** How many sets and indicators it has. */
  sets: number;
  indicators: number;
  /** From when it applies (YYYY-MM-DD), if the file said. */
  effectiveFrom: string | null;
  /** The edition new cycles use (always a published one). */
  isCurrent: boolean;
  /** When it was imported, published and retired (ISO; null for a step not taken). */
  createdAt: string;
  publishedAt: string | null;
  retiredAt: string | null;
}

/** A status in words, as the admin area shows it. */
export const EDITION_STATUS_LABELS: Record<TEditionStatus, string> = {
  DRAFT: 'Draft',
  PUBLISHED: 'Published',
  RETIRED: 'Retired',
};
