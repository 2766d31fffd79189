/** The nominated contacts panel, shown on the Staff tab below the staff register. */
export { NominatedContactsPanel } from './components/nominated-contacts-panel.tsx';
