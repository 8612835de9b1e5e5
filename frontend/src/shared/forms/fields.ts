import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Props that bind an MUI TextField to a react-hook-form field: value wiring, red label and the
 * field's message under it (spec §5 "Generic form display").
 */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...rest } = form.register(name);
  const message = form.getFieldState(name, form.formState).error?.message;
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
  form: UseFormReturn<T>,
  error: unknown,
  fieldMap: Record<string, Path<T>> = {},
): void {
  if (!(error instanceof ApiError) || !error.fieldErrors) return;
  const known = Object.keys(form.getValues());
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const target = fieldMap[field] ?? (field as Path<T>);
    if (known.includes(target)) form.setError(target, { type: 'server', message });
  }
}
