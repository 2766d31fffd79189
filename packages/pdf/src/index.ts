/**
 * The product's PDFs: the layout kit over pdf-lib (theme, flowing pages, embedded fonts, shapes)
 * and the documents made with it (the certificate, the assessment report, the action plan report,
 * the survey confirmation form). Each layout takes plain data and returns the PDF's bytes; loading
 * that data (SQL, access) stays with its caller in actions/.
 */
export * from './action-plan/action-plan-report-pdf.ts';
export * from './certificate/certificate-pdf.ts';
export * from './edition-changes/edition-changes-pdf.ts';
export * from './kit/index.ts';
export { renderAssessmentReport } from './report/report-pdf.ts';
export * from './report/report-types.ts';
export * from './survey-confirmation/survey-confirmation-pdf.ts';
