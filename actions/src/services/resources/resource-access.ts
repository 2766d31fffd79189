import { RESOURCE_MESSAGES } from '@portal/domain';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';

/**
 * Resources and factsheets are managed by the provider admin only (as the indicator resources'
 * GraphQL insert and update permissions). The actions are in every role's schema, because the web
 * app is typed against role user's (docs/decisions/web-app.md), so this is where the others are
 * refused, with `forbidden`.
 */
export function requireResourceManager(caller: Caller): void {
  if (caller.backOfficeRole !== 'provider_admin') throw new AppError('forbidden');
}

/** Keys of general resources' files: made by `createResourceUpload`, never by the browser. */
export const RESOURCE_KEY = /^resources\/general\/[0-9a-f-]{36}\/[^/]+$/;

export function requireResourceKey(key: string): void {
  if (!RESOURCE_KEY.test(key))
    throw new AppError('invalid_input', {
      message: RESOURCE_MESSAGES.noSuchUpload,
      fields: { file: RESOURCE_MESSAGES.noSuchUpload },
    });
}
