export * from './app-routes.ts';
export * from './paths.ts';
