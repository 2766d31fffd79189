/**
 * The assessment screen's public API: the page (the route table loads its module directly, so the
 * screen stays its own chunk).
 */
export { AssessmentPage } from './components/assessment-page.tsx';
