import { CERTIFICATE_SIZES } from '@portal/domain';
import { z } from 'zod';
import { certificateDownloadUrl as run } from '../../services/certificates/get-certificate-download-url.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `certificateDownloadUrl`: validates the input and calls the operation (`services/certificates/get-certificate-download-url.ts`). */
export const certificateDownloadUrl = defineAction({
  name: 'certificateDownloadUrl',
  input: z.object({
    certificateId: z.number().int().positive(),
    size: z
      .enum(CERTIFICATE_SIZES)
      .nullish()
      .transform((size) => size ?? 'A3'),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
