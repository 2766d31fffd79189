export * from './edition-admin.ts';
export * from './edition-file.ts';
