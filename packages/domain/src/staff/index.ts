export * from './registration-lookup.ts';
export * from './staff-fields.ts';
export * from './staff-invite.ts';
export * from './staff-member-schema.ts';
export * from './staff-options.ts';
export * from './staff-save-error.ts';
export * from './staff-search.ts';
