export * from './business-days.ts';
export * from './evidence-state.ts';
