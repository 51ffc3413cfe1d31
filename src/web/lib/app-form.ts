// Every dialog form of the web app: @mantine/form holding the values, the shared zod schema
// (src/common/<feature>.ts, the one the server applies) checking them, and every field's error shown
// under that field at once. A refusal from the server lands under the field it names (`field` in
// the reply) when the form has it, else above the form.
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { hasText, t } from '#web/i18n/index.ts';
import { ApiError } from './api-client.ts';
import { errorText } from './error-text.ts';

/** A schema's message (a catalogue code) in the current language, with the values it names. */
function shown(issue: z.core.$ZodIssue): string {
  const key = `error.${issue.message}`;
  if (!hasText(key)) return t('error.VALIDATION');
  const params =
    'params' in issue ? (issue.params as Record<string, string> | undefined) : undefined;
  return t(key, params);
}

/** Every field's first problem, keyed by its path ('class_name', 'users.0.email'). */
export function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || 'form';
    errors[path] ??= shown(issue);
  }
  return errors;
}

export function useAppForm<Values extends Record<string, unknown>, Input>(options: {
  initialValues: Values;
  schema: z.ZodType<unknown, Input>;
  /** The request body the values stand for (defaults to the values themselves). */
  toInput?: (values: Values) => Input;
}) {
  const toInput = options.toInput ?? ((values: Values) => values as unknown as Input);
  const [formError, setFormError] = useState<string | null>(null);
  const form: UseFormReturnType<Values> = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => {
      const errors = fieldErrors(options.schema, toInput(values));
      // A problem of no field of this form (a cross-field rule without a path) goes above it.
      const { form: general, ...byField } = errors;
      setFormError(general ?? null);
      return byField;
    },
  });

  /** The checked body, or null when a field is wrong (its error is then shown). */
  const validInput = (): Input | null => {
    setFormError(null);
    if (form.validate().hasErrors) return null;
    return options.schema.parse(toInput(form.getValues())) as Input;
  };

  /** Shows a failed request: under the field the server named, else above the form. */
  const showError = (error: unknown, fallback?: string) => {
    const text = fallback ?? errorText(error);
    const field = error instanceof ApiError ? error.field : undefined;
    if (field && field in form.getValues()) {
      form.setFieldError(field, text);
      setFormError(null);
    } else {
      setFormError(text);
    }
  };

  const reset = (values?: Values) => {
    if (values) {
      form.setInitialValues(values);
      form.setValues(values);
    } else {
      form.reset();
    }
    form.clearErrors();
    setFormError(null);
  };

  return { form, formError, setFormError, validInput, showError, reset };
}
