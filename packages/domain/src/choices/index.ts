export * from './static-choices.ts';
