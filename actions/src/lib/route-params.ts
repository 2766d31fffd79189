import { z } from 'zod';

/** The largest id a table's `integer` key holds (PostgreSQL int4). */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * A row id in a route's path: decimal digits only (no sign, exponent, hex or spaces, which
 * `Number()` would take), from 1 to ROW_ID_MAX, so a larger one is a 400 and never reaches the
 * database as an out-of-range integer (a 500).
 */
export const ZRowIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Not an id.')
  .transform(Number)
  .refine((id) => id <= ROW_ID_MAX, 'Not an id.');
