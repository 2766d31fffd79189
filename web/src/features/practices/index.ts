/** What other features may use of the practices feature: the open practice of the overview. */

export type { TPracticeOverview } from './api/get-practice-overview.ts';
export {
  type PracticeContextValue,
  type TPracticeTotals,
  usePracticeContext,
} from './components/practice-context.tsx';
export { usePaymentRedirect } from './hooks/use-payment-redirect.ts';
export {
  isNetworkFailure,
  offlinePracticeKey,
  savePracticeForOffline,
  type TOfflinePractice,
} from './model/offline-practice.ts';
