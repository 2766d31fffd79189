/** Screens whose features arrive in later issues, with what they will do. */
export const PLACEHOLDERS = {
  comparativeReport: { title: 'Comparative Report', description: 'Compare results across practices.' },
  managementReport: {
    title: 'Management Report',
    description: 'Accreditation status across your practices.',
  },
  analyticsReport: { title: 'Analytics Report', description: 'Trends in assessments and survey outcomes.' },
} as const;
