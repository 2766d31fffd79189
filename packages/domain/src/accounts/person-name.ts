import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, isOneLineText } from '../validation/control-characters.ts';
import { MESSAGES } from '../validation/messages.ts';

/** The longest first or last name of a user (the database's check on `users`). */
export const PERSON_NAME_MAX_LENGTH = 150;

/** A user's first or last name: required, trimmed, at most 150 characters, one line. */
export const ZPersonNameSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(PERSON_NAME_MAX_LENGTH, `Max ${PERSON_NAME_MAX_LENGTH} characters`)
  .refine(isOneLineText, CONTROL_CHARACTER_MESSAGE);
