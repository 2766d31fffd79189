import { fieldErrors, staffSaveErrorMessage, toSnakeCase } from '@portal/domain';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';

/**
 * A refused staff save: the fields keyed by column (snake_case, as the spec's error body) and
 * the spec's message naming the first one ('Could not save staff member, value for {Field} is
 * invalid'), so the web can show the message as is or rebuild it from `fields`.
 */
export function staffSaveError(fields: Record<string, string>): AppError {
  return new AppError('invalid_input', { message: staffSaveErrorMessage(fields), fields });
}

/** The zod error of the staff schema as a staff save error. */
export function staffSaveErrorFromZod(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(error))) {
    const key = toSnakeCase(path.split('.')[0] || 'staff');
    if (!(key in fields)) fields[key] = message;
  }
  return staffSaveError(fields);
}
