export * from './evidence-state.ts';
export * from './business-days.ts';
