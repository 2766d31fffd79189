import { describe, expect, it } from 'vitest';
import { RISK_RATING_LABELS, riskRatingFor } from './risk-matrix.ts';

describe('risk matrix (spec 001 §4)', () => {
  it('gives the spec table, row by row', () => {
    const label = (l: 'LOW' | 'MODERATE' | 'HIGH', i: 'LOW' | 'MODERATE' | 'HIGH') =>
      RISK_RATING_LABELS[riskRatingFor(l, i)];
    // | Likelihood | Low impact | Moderate impact | High impact |
    expect([label('HIGH', 'LOW'), label('HIGH', 'MODERATE'), label('HIGH', 'HIGH')]).toEqual([
      'Moderate',
      'Major',
      'Critical',
    ]);
    expect([label('MODERATE', 'LOW'), label('MODERATE', 'MODERATE'), label('MODERATE', 'HIGH')]).toEqual([
      'Minor',
      'Moderate',
      'Major',
    ]);
    expect([label('LOW', 'LOW'), label('LOW', 'MODERATE'), label('LOW', 'HIGH')]).toEqual([
      'Minor',
      'Minor',
      'Moderate',
    ]);
  });
});
