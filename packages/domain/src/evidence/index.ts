export * from './business-days.ts';
export * from './evidence-state.ts';
export * from './out-of-date-evidence.ts';
