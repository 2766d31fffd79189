/** What other features may use of the audit feature: the History button and its drawer. */

export { HistoryButton, type HistoryButtonProps } from './components/history-drawer.tsx';
