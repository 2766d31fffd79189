export * from './certificate-file-name.ts';
export * from './check-upload.ts';
export * from './document-messages.ts';
export * from './file-size.ts';
export * from './file-types.ts';
export * from './resource-file-name.ts';
export * from './staff-document-targets.ts';
