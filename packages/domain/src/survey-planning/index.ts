export * from './cycle-visits.ts';
export * from './survey-planning-labels.ts';
export * from './survey-planning-rules.ts';
export * from './survey-preparation.ts';
export * from './survey-schedule.ts';
