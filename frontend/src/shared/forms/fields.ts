import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';
import type { FieldBinding, SimpleForm } from './useSimpleForm';

/** A react-hook-form form (back office) or a useSimpleForm one (portal). */
type AnyForm<T extends FieldValues> = UseFormReturn<T> | SimpleForm<T>;

/**
 * Props that bind an MUI TextField to a react-hook-form field: value wiring, red label and the
 * field's message under it (spec §5 "Generic form display").
 */
export function textFieldProps<T extends FieldValues>(form: AnyForm<T>, name: Path<T> & keyof T & string) {
  // react-hook-form's inputs are uncontrolled (no value), useSimpleForm's are controlled
  const register = form.register as (field: string) => Omit<FieldBinding, 'value'> & { value?: string };
  const { ref, ...rest } = register(name);
  const message = (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return {
    ...rest,
    inputRef: ref,
    error: Boolean(message),
    helperText: message,
  };
}

/**
 * Puts the server's per-field validation messages (`errors` of a 400 body) under the matching fields.
 * `fieldMap` renames server fields to form fields when they differ.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: AnyForm<T>,
  error: unknown,
  fieldMap: Record<string, Path<T>> = {},
): void {
  if (!(error instanceof ApiError) || !error.fieldErrors) return;
  const known = Object.keys(form.getValues());
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const target = fieldMap[field] ?? field;
    if (known.includes(target)) {
      (form.setError as (field: string, e: { type: string; message: string }) => void)(target, { type: 'server', message });
    }
  }
}
