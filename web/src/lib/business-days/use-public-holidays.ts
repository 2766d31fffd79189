import type { THolidays } from '@portal/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../graphql/graphql.ts';

/** The public holidays that business days skip (the same table `add_business_days` reads). */
const PublicHolidaysQuery = graphql(`
  query PublicHolidays {
    public_holidays(order_by: { day: asc }) {
      day
    }
  }
`);

/**
 * The public holidays as a set of yyyy-MM-dd days, for the business-day clocks
 * (docs/decisions/evidence.md); undefined until loaded, so a clock shows its date alone first.
 */
export function usePublicHolidays(): THolidays | undefined {
  const [{ data }] = useQuery({ query: PublicHolidaysQuery });
  return useMemo(
    () => (data ? new Set(data.public_holidays.map((h) => h.day as string)) : undefined),
    [data],
  );
}
