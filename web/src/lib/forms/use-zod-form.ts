import { fieldErrors } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { PortalError } from '../errors.ts';

type Values = Record<string, string>;

/**
 * A small form state for zod schemas: string fields, messages shown on blur and on submit, the
 * server's per-field messages merged in, and one form-level error (the server's message).
 */
export function useZodForm<S extends z.ZodType>(schema: S, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const validate = (
    next: Values,
  ):
    | { ok: true; data: z.output<S>; errors: Record<string, string> }
    | { ok: false; errors: Record<string, string> } => {
    const result = schema.safeParse(next);
    return result.success
      ? { ok: true, data: result.data as z.output<S>, errors: {} }
      : { ok: false, errors: fieldErrors(result.error) };
  };

  const field = (name: string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
    onBlur: (event: { relatedTarget: EventTarget | null }) => {
      // Leaving for the submit button: submit validates everything, and a message appearing now
      // would shift the button away from under the pointer before the click lands.
      const next = event.relatedTarget as Element | null;
      if (!values[name] || next?.getAttribute?.('type') === 'submit') return;
      const message = validate(values).errors[name];
      if (message) setErrors((current) => ({ ...current, [name]: message }));
    },
  });

  const onSubmit = (handler: (data: z.output<S>) => Promise<void> | void) => async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(values);
    setErrors(result.errors);
    setFormError(null);
    if (!result.ok) return;
    setSubmitting(true);
    try {
      await handler(result.data);
    } catch (error) {
      const portalError = PortalError.from(error);
      setErrors(portalError.fields);
      setFormError(portalError.message);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    setValue: (name: string, value: string) => setValues((current) => ({ ...current, [name]: value })),
    errors,
    formError,
    setFormError,
    submitting,
    field,
    onSubmit,
  };
}
