export * from './carry-answers.ts';
export * from './edition-admin.ts';
export * from './edition-changes.ts';
export * from './edition-file.ts';
export * from './edition-transition.ts';
export * from './mapping-admin.ts';
export * from './mapping-file.ts';
