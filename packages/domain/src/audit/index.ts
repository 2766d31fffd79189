export * from './audit-trail.ts';
