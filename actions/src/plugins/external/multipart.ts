import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@portal/domain';
import fp from 'fastify-plugin';

/** multipart/form-data uploads; one file per request, as large as the largest upload we take. */
export default fp(
  async (app) => {
    await app.register(multipart, { limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 5, parts: 6 } });
  },
  { name: 'multipart' },
);
