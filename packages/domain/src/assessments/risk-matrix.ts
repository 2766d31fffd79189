/** Likelihood and impact of a risk (enum table `risk_level`). */
export const RISK_LEVELS = ['LOW', 'MODERATE', 'HIGH'] as const;
export type TRiskLevel = (typeof RISK_LEVELS)[number];

/** What users read for each level. */
export const RISK_LEVEL_LABELS: Record<TRiskLevel, string> = {
  LOW: 'Low',
  MODERATE: 'Moderate',
  HIGH: 'High',
};

/** Ratings the matrix gives (enum table `risk_rating`), worst first. */
export const RISK_RATINGS = ['CRITICAL', 'HIGH', 'MODERATE', 'LOW'] as const;
export type TRiskRating = (typeof RISK_RATINGS)[number];

/** What users read for each rating: HIGH shows as Major and LOW as Minor (spec 001 §3). */
export const RISK_RATING_LABELS: Record<TRiskRating, string> = {
  CRITICAL: 'Critical',
  HIGH: 'Major',
  MODERATE: 'Moderate',
  LOW: 'Minor',
};

/**
 * The risk matrix of spec 001 §4, by likelihood then impact. PostgreSQL's `risk_rating_for` holds
 * the same nine cells (the data must not depend on the app); a test compares them cell by cell.
 */
export const RISK_MATRIX: Readonly<Record<TRiskLevel, Readonly<Record<TRiskLevel, TRiskRating>>>> = {
  HIGH: { LOW: 'MODERATE', MODERATE: 'HIGH', HIGH: 'CRITICAL' },
  MODERATE: { LOW: 'LOW', MODERATE: 'MODERATE', HIGH: 'HIGH' },
  LOW: { LOW: 'LOW', MODERATE: 'LOW', HIGH: 'MODERATE' },
};

/** The rating a likelihood and an impact give. */
export function riskRatingFor(likelihood: TRiskLevel, impact: TRiskLevel): TRiskRating {
  return RISK_MATRIX[likelihood][impact];
}
