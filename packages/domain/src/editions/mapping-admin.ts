import { API_PREFIX } from '../routes/paths.ts';
import type { TEditionChangeIndicator } from './edition-changes.ts';
import type { TEditionStatus } from './edition-file.ts';
import type { TMappingKind } from './mapping-file.ts';

/** The admin area's mappings API (docs/editions/README.md, "Mappings"): a provider admin's only. */
export const MAPPINGS_ADMIN_PATH = `${API_PREFIX}/admin/editions/mappings`;

/** The moves API (docs/editions/README.md, "Moving practices"): provider admins and QAMs. */
export const MOVES_ADMIN_PATH = `${API_PREFIX}/admin/editions/moves`;

/** A kind of mapping row in words, as the admin area shows it. */
export const MAPPING_KIND_LABELS: Record<TMappingKind, string> = {
  EQUIVALENT: 'Equivalent (1:1)',
  SPLIT: 'Split (1:n)',
  MERGED: 'Merged (n:1)',
  RETIRED: 'Retired',
};

/** An edition as a mapping names it. */
export interface TMappingEdition {
  id: number;
  code: string;
  name: string;
  status: TEditionStatus;
}

/** An indicator of an edition, in the edition's order (`set`: its set's code). */
export interface TMappingIndicator {
  id: number;
  code: string;
  name: string;
  set: string;
}

/** One row of a mapping as the file writes it: `to` one code, a list (SPLIT), or none (RETIRED). */
export interface TMappingRow {
  from: string;
  kind: TMappingKind;
  to?: string | string[];
  items?: Array<{ from: string; to: string; toIndicator?: string }>;
}

/** A mapping as the admin screen shows it (GET …/mappings/:id; the list gives each one so). */
export interface TMappingView {
  id: number;
  from: TMappingEdition;
  to: TMappingEdition;
  indicators: TMappingRow[];
  /** Indicators of the older edition with no row yet: a move needs none left. */
  unmappedFrom: TMappingIndicator[];
  /** Indicators of the newer edition nothing maps to: new in that edition. */
  newIndicators: TMappingIndicator[];
  coverage: { mapped: number; total: number; percent: number };
}

/** One assessment in a dry run: what a move would do, indicator by indicator, or why it would not move. */
export interface TDryRunAssessment {
  assessmentId: number;
  practice: { id: number; name: string } | null;
  refused: string | null;
  indicators: TEditionChangeIndicator[];
  retired: Array<{ code: string; name: string; answered: boolean }>;
}

/** POST …/moves: each chosen assessment moved (with its copy and move) or refused (with why). */
export interface TMoveResult {
  moved: Array<{ assessmentId: number; movedTo: number; moveId: number }>;
  refused: Array<{ assessmentId: number; reason: string }>;
}

/** A move as GET …/moves lists it, newest first. */
export interface TMoveRecord {
  id: number;
  mappingId: number;
  from: string;
  to: string;
  assessmentId: number;
  /** The copy in the newer edition; null once undone. */
  movedTo: number | null;
  practice: { id: number; name: string };
  movedBy: string | null;
  movedAt: string;
  undoneBy: string | null;
  undoneAt: string | null;
  /** Whether an undo would be accepted now (not undone, and nobody has edited the copy). */
  undoable: boolean;
}

/** GET …/moves/choices?mappingId=: what may be chosen to move with a mapping. */
export interface TMoveChoices {
  /** Assessments in progress on the older edition, not moved, of live cycles. */
  assessments: Array<{
    assessmentId: number;
    accreditationId: number;
    type: string;
    practice: { id: number; name: string };
    network: string | null;
    state: string | null;
  }>;
  /** Networks and states of those assessments' practices, with how many each holds. */
  networks: Array<{ id: number; name: string; assessments: number }>;
  states: Array<{ state: string; assessments: number }>;
}
