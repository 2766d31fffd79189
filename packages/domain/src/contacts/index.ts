export * from './nominated-contacts.ts';
export * from './phone.ts';
