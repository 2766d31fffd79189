export * from './australian-states.ts';
export * from './payments.ts';
export * from './practice-list-columns.ts';
export * from './practice-list-query.ts';
export * from './practice-rules.ts';
export * from './status-badge.ts';
