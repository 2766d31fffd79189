import fp from 'fastify-plugin';
import { createS3StorageProvider } from '../../storage/s3-storage-provider.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** File storage, or null when no S3 API is configured. */
    storage: StorageProvider | null;
  }
}

/** `app.storage`: the S3 storage provider when S3_BUCKET is set. */
export default fp(
  async (app) => {
    if (!app.config.s3) {
      app.decorate('storage', null);
      return;
    }
    const provider = createS3StorageProvider(app.config.s3);
    app.decorate('storage', provider);
    app.addHook('onClose', async () => provider.destroy());
  },
  { name: 'storage', dependencies: ['config'] },
);
