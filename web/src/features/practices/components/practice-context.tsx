import type { TPermissionFlags, TPracticeAccess } from '@portal/domain';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { TPracticeOverview } from '../api/get-practice-overview.ts';

/** Counts the overview's tabs report about themselves (shown beside the tab names). */
export type TPracticeTotals = Partial<Record<'staff' | 'documents' | 'accreditation', number>>;

export interface PracticeContextValue {
  practiceId: number;
  practice: TPracticeOverview;
  permissions: TPermissionFlags;
  /** The user's active roles on this practice: PM, SU (empty for back-office users). */
  practiceRoles: readonly string[];
  /** What the flags derive from, to scope them to one survey visit (`derivePermissionFlags`). */
  access: TPracticeAccess;
  /** Reloads the practice and the permission flags (after a change to either). */
  refetch(): void;
  /** The first-view flags of this practice (spec 000 §4): staff, documents, accreditation. */
  firstView: { staff: boolean; documents: boolean; accreditation: boolean };
  totals: TPracticeTotals;
  setTotal(tab: keyof TPracticeTotals, total: number): void;
}

const PracticeContext = createContext<PracticeContextValue | null>(null);

/**
 * Holds one practice for the overview and its tabs. The overview mounts a new provider for each
 * practice id, so switching practice starts from that practice's own first-view flags and
 * forgets every total of the previous one (spec 000 §4).
 */
export function PracticeContextProvider({
  practice,
  permissions,
  practiceRoles,
  access,
  refetch,
  children,
}: {
  practice: TPracticeOverview;
  permissions: TPermissionFlags;
  practiceRoles: readonly string[];
  access: TPracticeAccess;
  refetch(): void;
  children: ReactNode;
}) {
  const [totals, setTotals] = useState<TPracticeTotals>({});
  const setTotal = useCallback(
    (tab: keyof TPracticeTotals, total: number) =>
      setTotals((current) => (current[tab] === total ? current : { ...current, [tab]: total })),
    [],
  );
  const value = useMemo<PracticeContextValue>(
    () => ({
      practiceId: practice.organisation_id,
      practice,
      permissions,
      practiceRoles,
      access,
      refetch,
      firstView: {
        staff: practice.is_staff_first_view,
        documents: practice.is_documents_first_view,
        accreditation: practice.current_accreditation?.is_first_view ?? false,
      },
      totals,
      setTotal,
    }),
    [practice, permissions, practiceRoles, access, refetch, totals, setTotal],
  );
  return <PracticeContext.Provider value={value}>{children}</PracticeContext.Provider>;
}

/** The open practice, its permission flags and a refetch; only inside the practice overview. */
export function usePracticeContext(): PracticeContextValue {
  const value = useContext(PracticeContext);
  if (!value) throw new Error('usePracticeContext() outside the practice overview');
  return value;
}
