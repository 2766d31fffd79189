import { describe, expect, it } from 'vitest';
import { type TAssessmentRow, type TEditionStandards, withStandards } from './assessment-view.ts';

const row = (edition: number | null) =>
  ({
    id: 7,
    status: 'IN_PROGRESS',
    survey_version_id: edition,
    indicator_responses: [],
  }) as unknown as TAssessmentRow;
const standards = (id: number) => ({ id, name: `Edition ${id}`, indicator_sets: [] }) as TEditionStandards;

describe('the assessment with its edition’s standards (two queries, shown as one)', () => {
  it('joins the standards of its own edition', () => {
    expect(withStandards(row(3), standards(3))).toEqual({
      id: 7,
      status: 'IN_PROGRESS',
      survey_version_id: 3,
      survey_version: standards(3),
      indicator_responses: [],
    });
  });

  it('waits (null) while its edition’s standards are not here, or another edition’s are', () => {
    expect(withStandards(row(3), undefined)).toBeNull();
    expect(withStandards(row(3), standards(4))).toBeNull();
  });

  it('needs none without an edition', () => {
    expect(withStandards(row(null), undefined)?.survey_version).toBeNull();
  });
});
