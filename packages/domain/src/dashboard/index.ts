export * from './back-office-queues.ts';
export * from './practice-manager-queue.ts';
export * from './provider-admin-queue.ts';
export * from './qam-queue.ts';
export * from './surveyor-queue.ts';
export * from './work-queues.ts';
