import { z } from 'zod';

/**
 * "What changes for us" (issue 30): for a practice's current assessment, what a newer published
 * edition changes, indicator by indicator, and what becomes of the practice's answers. The actions
 * service computes it with the dry run's own function (so the two never disagree); the web app and
 * the PDF show it with `editionChangeGroups`.
 */

/** The words the screen and the PDF use. */
export const EDITION_CHANGES_MESSAGES = {
  button: 'What changes for us',
  title: 'What changes for us',
  download: 'Download PDF',
  loadFailed: 'What changes for this practice could not be loaded. Please try again.',
  noSuchPractice: 'There is no such practice.',
} as const;

/** The flags a moved response carries on the assessment screen (exact words: an em dash). */
export const EDITION_FLAG_LABELS = {
  NEW: 'New in this edition',
  CHANGED: 'Changed \u2014 review',
} as const;

/** The back office's move of one practice from "What changes for us", and its undo. */
export const PRACTICE_MOVE_MESSAGES = {
  move: (edition: string) => `Move to ${edition}`,
  confirmTitle: 'Move this practice to the newer edition?',
  confirm: (edition: string) =>
    `Its assessment in progress moves to ${edition}, its answers carried as listed here. The older assessment is kept, read-only. The move can be undone while nobody has changed the new assessment.`,
  confirmButton: 'Move',
  moved: (edition: string) => `Moved to ${edition}.`,
  undo: 'Undo the move',
  undone: 'The move was undone: the practice is back on its older edition.',
  onlyInProgress: 'Only an assessment in progress can move to a newer edition.',
} as const;

/** What a moved assessment says of itself (read-only, its answers going on in its copy). */
export const MOVED_ASSESSMENT_MESSAGES = {
  title: 'Moved to a newer edition',
  text: (edition: string) =>
    `This assessment was moved to ${edition}. Its answers are kept here as they were, read-only; the work goes on in the new assessment.`,
  open: 'Open the new assessment',
  /** Its badge in the Assessments table. */
  badge: 'moved',
} as const;

const ZEditionRefSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });

/** One indicator of the newer edition and what it receives from this practice's answers. */
export const ZEditionChangeIndicatorSchema = z.object({
  code: z.string(),
  name: z.string(),
  outcome: z.enum(['EQUIVALENT', 'SPLIT', 'MERGED', 'NEW']),
  /** The older indicators' codes it is made from. */
  from: z.array(z.string()),
  flag: z.enum(['NEW', 'CHANGED']).nullable(),
  answer: z.enum(['carried', 'none', 'sources differ']),
  compliance: z.unknown(),
  ticks: z.number(),
  observation: z.boolean(),
  comments: z.number(),
  documents: z.number(),
});
export type TEditionChangeIndicator = z.infer<typeof ZEditionChangeIndicatorSchema>;

/** GET /api/practices/:practiceId/edition-changes. */
export const ZEditionChangesSchema = z.object({
  practice: z.object({ id: z.number(), name: z.string() }),
  /**
   * NONE: no newer published edition is mapped from the assessment's (or there is no assessment);
   * PREVIEW: what a move would do now; MOVED: the assessment was moved, and this is what was carried.
   */
  state: z.enum(['NONE', 'PREVIEW', 'MOVED']),
  assessment: z
    .object({ id: z.number(), type: z.string(), status: z.string(), edition: ZEditionRefSchema.nullable() })
    .nullable(),
  newer: ZEditionRefSchema.nullable(),
  /** The mapping from the assessment's edition to the newer (PREVIEW and MOVED): what a move follows. */
  mappingId: z.number().nullable().optional(),
  /** MOVED: the assessment answered against the newer edition, when it was moved, and its flags left. */
  moved: z
    .object({
      assessmentId: z.number(),
      /** The move (its undo: POST /api/admin/editions/moves/:moveId/undo). */
      moveId: z.number().optional(),
      /** The day it was moved (yyyy-MM-dd, Sydney). */
      movedOn: z.string(),
      stillNew: z.number(),
      stillToReview: z.number(),
    })
    .nullable(),
  indicators: z.array(ZEditionChangeIndicatorSchema),
  /** Older indicators the newer edition retires: their answers stay with the older assessment. */
  retired: z.array(z.object({ code: z.string(), name: z.string(), answered: z.boolean() })),
});
export type TEditionChanges = z.infer<typeof ZEditionChangesSchema>;

/** The four groups a practice reads, in the order shown. */
export const EDITION_CHANGE_GROUPS = ['new', 'changed', 'retired', 'carried'] as const;
export type TEditionChangeGroup = (typeof EDITION_CHANGE_GROUPS)[number];

/** Each group's heading and what it means for the practice's answers. */
export const EDITION_CHANGE_GROUP_TEXT: Record<TEditionChangeGroup, { heading: string; meaning: string }> = {
  new: {
    heading: 'New',
    meaning:
      'Indicators of the newer edition nothing maps to: they start unanswered, marked “New in this edition”.',
  },
  changed: {
    heading: 'Changed',
    meaning:
      'Indicators split or merged: the answer is carried where the older answers agree, marked “Changed \u2014 review” until someone answers again.',
  },
  retired: {
    heading: 'Retired',
    meaning: 'Indicators the newer edition no longer has: their answers stay with the older assessment only.',
  },
  carried: {
    heading: 'Carried',
    meaning:
      'Indicators that stay the same (equivalent): the answer, ticks, notes, comments and documents are carried as they are.',
  },
};

/** One line of a group: the indicator's code and name, where it comes from, what happens to the answer. */
export interface TEditionChangeLine {
  code: string;
  name: string;
  /** 'From A2', 'From A3 + A4', or null. */
  source: string | null;
  /** What happens to (or happened to) this practice's answer, in words. */
  effect: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'a', 'a and b', 'a, b and c'. */
const listed = (parts: readonly string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** What becomes of the answer of one newer indicator, in words (past tense once it has been moved). */
export function answerEffect(indicator: TEditionChangeIndicator, moved: boolean): string {
  if (indicator.outcome === 'NEW') return 'Starts unanswered.';
  const verb = moved ? 'was' : 'is';
  const extras = listed(
    [
      indicator.ticks ? plural(indicator.ticks, 'tick') : null,
      indicator.observation ? 'the notes' : null,
      indicator.comments ? plural(indicator.comments, 'comment') : null,
      indicator.documents ? plural(indicator.documents, 'document') : null,
    ].filter((x): x is string => x !== null),
  );
  if (indicator.answer === 'carried') return `The answer ${verb} carried${extras ? `, with ${extras}` : ''}.`;
  const base =
    indicator.answer === 'sources differ'
      ? `The older answers differ, so no answer ${verb} carried: answer it again.`
      : 'Not answered yet: no answer to carry.';
  return extras ? `${base} Also carried: ${extras}.` : base;
}

/** The four groups with their lines, in the standards' order. */
export function editionChangeGroups(
  changes: Pick<TEditionChanges, 'indicators' | 'retired' | 'state'>,
): Record<TEditionChangeGroup, TEditionChangeLine[]> {
  const moved = changes.state === 'MOVED';
  const line = (i: TEditionChangeIndicator): TEditionChangeLine => ({
    code: i.code,
    name: i.name,
    source: i.from.length ? `From ${i.from.join(' + ')}` : null,
    effect: answerEffect(i, moved),
  });
  const of = (outcomes: TEditionChangeIndicator['outcome'][]) =>
    changes.indicators.filter((i) => outcomes.includes(i.outcome)).map(line);
  return {
    new: of(['NEW']),
    changed: of(['SPLIT', 'MERGED']),
    retired: changes.retired.map((r) => ({
      code: r.code,
      name: r.name,
      source: null,
      effect: r.answered
        ? `The answer ${moved ? 'stayed' : 'stays'} with the older assessment.`
        : 'Not answered: nothing to keep.',
    })),
    carried: of(['EQUIVALENT']),
  };
}

/** The sentence above the groups: what the practice is reading. */
export function editionChangesSummary(changes: Pick<TEditionChanges, 'state' | 'newer' | 'moved'>): string {
  if (changes.state === 'NONE' || !changes.newer)
    return 'No newer edition of the standards is ready to move to from the edition this practice is answering.';
  if (changes.state === 'MOVED' && changes.moved) {
    const { stillToReview, stillNew } = changes.moved;
    return `This practice’s answers were moved to ${changes.newer.name}; below is what was carried. Still to do: ${plural(stillToReview, 'changed indicator')} to review and ${plural(stillNew, 'new indicator')} to answer.`;
  }
  return `${changes.newer.name} is published. Below is what it changes for this practice and what would happen to its current answers when the practice moves to it. Nothing has changed yet.`;
}
