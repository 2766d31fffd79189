/** Marks generated organisations, so a second run without --reset is refused instead of doubling up. */
export const MARK_DOMAIN = 'scale.demo.test';
export const SURVEYORS = 300;
export const QAMS = 12;
export const NETWORKS = 200;
export const STAFF_PER_PRACTICE = 8;
