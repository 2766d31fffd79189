export * from './business-days.ts';
export * from './certificate-clock.ts';
export * from './evidence-lookback.ts';
export * from './evidence-state.ts';
export * from './out-of-date-evidence.ts';
