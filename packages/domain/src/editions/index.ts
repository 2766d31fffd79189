export * from './edition-file.ts';
