/**
 * The remediation window of the scheme: an action plan is due this many business days after the
 * decision that a survey needs further action (weekends and the national public holidays held in
 * the `public_holidays` table skipped; the database's `add_business_days` counts them).
 */
export const ACTION_PLAN_BUSINESS_DAYS = 65;
