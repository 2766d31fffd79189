/**
 * The choice lists of the practice form (add, details and reapplication), as root fields spliced
 * into each query. Not a fragment on `query_root`: graphcache keys the root as `Query` and would
 * skip it.
 */
export const PRACTICE_CHOICE_FIELDS = `
    practice_type(order_by: { comment: asc }) {
      value
      comment
    }
    mmm_classification(order_by: { value: asc }) {
      value
      comment
    }
    organisation_structure(order_by: { comment: asc }) {
      value
      comment
    }
    australian_state(order_by: { value: asc }) {
      value
      comment
    }
`;

/** What `PRACTICE_CHOICE_FIELDS` answers. */
export interface TPracticeChoiceRows {
  practice_type: Array<{ value: string; comment: string }>;
  mmm_classification: Array<{ value: string; comment: string }>;
  organisation_structure: Array<{ value: string; comment: string }>;
  australian_state: Array<{ value: string; comment: string }>;
}

/** The form's options from those rows; a state reads 'NSW – New South Wales'. */
export function toChoiceLists(rows: TPracticeChoiceRows) {
  const list = (choices: Array<{ value: string; comment: string }>) =>
    choices.map((r) => ({ value: r.value, label: r.comment }));
  return {
    practiceTypes: list(rows.practice_type),
    mmm: list(rows.mmm_classification),
    structures: list(rows.organisation_structure),
    states: rows.australian_state.map((r) => ({ value: r.value, label: `${r.value} – ${r.comment}` })),
  };
}
