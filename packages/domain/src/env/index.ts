export * from './shared-env.ts';
