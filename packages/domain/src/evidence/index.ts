export * from './evidence-state.ts';
