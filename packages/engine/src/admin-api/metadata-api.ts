import type { AdminEndpoint } from './admin-endpoint.ts';
import { METADATA_COMMANDS } from './metadata-commands.ts';

/**
 * `POST /v1/metadata`: the metadata API types this engine answers (SUPPORT.md lists them); every
 * other type is refused with `not-supported` naming it.
 */
export const METADATA_API: AdminEndpoint = {
  path: '/v1/metadata',
  commands: METADATA_COMMANDS,
};
