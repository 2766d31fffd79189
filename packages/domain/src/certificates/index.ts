export * from './certificate-number.ts';
export * from './certificate-verification.ts';
export * from './issue-certificate.ts';
export * from './verification-code.ts';
