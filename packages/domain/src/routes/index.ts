export * from './paths.ts';
