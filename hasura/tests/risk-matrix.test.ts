import {
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  RISK_MATRIX,
  RISK_RATING_LABELS,
  RISK_RATINGS,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { useTestDb } from './db.ts';

const t = useTestDb();

describe('the risk matrix has one meaning in the domain and in the database', () => {
  it('risk_rating_for gives the domain matrix in all nine cells', async () => {
    const rows = await t.db.q<{ likelihood: string; impact: string; rating: string }>(
      `select l.value as likelihood, i.value as impact, public.risk_rating_for(l.value, i.value) as rating
         from public.risk_level l cross join public.risk_level i`,
    );
    expect(rows).toHaveLength(9);
    for (const { likelihood, impact, rating } of rows)
      expect(rating, `${likelihood} x ${impact}`).toBe(
        RISK_MATRIX[likelihood as keyof typeof RISK_MATRIX][impact as keyof typeof RISK_MATRIX],
      );
  });

  it('the enum tables hold the domain values and labels', async () => {
    const levels = await t.db.q<{ value: string; comment: string }>(
      'select value, comment from public.risk_level',
    );
    const ratings = await t.db.q<{ value: string; comment: string }>(
      'select value, comment from public.risk_rating',
    );
    expect(Object.fromEntries(levels.map((r) => [r.value, r.comment]))).toEqual(RISK_LEVEL_LABELS);
    expect(Object.fromEntries(ratings.map((r) => [r.value, r.comment]))).toEqual(RISK_RATING_LABELS);
    expect(new Set(levels.map((r) => r.value))).toEqual(new Set(RISK_LEVELS));
    expect(new Set(ratings.map((r) => r.value))).toEqual(new Set(RISK_RATINGS));
  });
});
