export * from './assessments.ts';
export * from './dates.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './search-pattern.ts';
export * from './times.ts';
export * from './toasts.ts';
