import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type { ValidationErrors, Validator } from './validation';

// like react-hook-form's FieldValues: any interface of fields fits
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Values = Record<string, any>;

export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: (event?: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

export interface SimpleForm<T extends Values> {
  /** binds a text input: controlled value, change handler, and the element (focused on a failed submit) */
  register: (name: keyof T & string) => FieldBinding;
  formState: { errors: Partial<Record<keyof T & string, { type: string; message: string }>> };
  getValues: () => T;
  setValue: <K extends keyof T & string>(name: K, value: T[K]) => void;
  setError: (name: keyof T & string, error: { type: string; message: string }) => void;
  reset: (values?: T) => void;
  /** validates, focuses the first field with a message, else calls `onValid` with the values */
  handleSubmit: (onValid: (values: T) => unknown) => (event?: FormEvent) => Promise<void>;
}

function toErrors<T extends Values>(messages: ValidationErrors<T>) {
  const errors: Partial<Record<keyof T & string, { type: string; message: string }>> = {};
  for (const [field, message] of Object.entries(messages) as Array<[keyof T & string, string | undefined]>) {
    if (message) errors[field] = { type: 'validate', message };
  }
  return errors;
}

/**
 * The few things the portal's forms need from a form library, with react-hook-form's behaviour
 * (messages appear on submit, and from then on follow each change), in a page's budget: the sign-in
 * page would otherwise carry react-hook-form's 14 kB (decision 0014). The back office, where
 * react-admin brings react-hook-form anyway, keeps using it.
 */
export function useSimpleForm<T extends Values>({ defaultValues, validate }: { defaultValues: T; validate: Validator<T> }): SimpleForm<T> {
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<SimpleForm<T>['formState']['errors']>({});
  const current = useRef(values);
  current.current = values;
  const submitted = useRef(false);
  const elements = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const validateRef = useRef(validate);
  validateRef.current = validate;

  const setValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    const next = { ...current.current, [name]: value };
    current.current = next;
    setValues(next);
    // after the first submit, a field's message follows its value (react-hook-form's reValidateMode)
    if (submitted.current) {
      const message = validateRef.current(next)[name];
      setErrors((previous) => {
        const updated = { ...previous };
        if (message) updated[name] = { type: 'validate', message };
        else delete updated[name];
        return updated;
      });
    }
  }, []);

  const register = useCallback(
    (name: keyof T & string): FieldBinding => ({
      name,
      value: String(current.current[name] ?? ''),
      onChange: (event) => setValue(name, event.target.value as T[typeof name]),
      onBlur: () => {},
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    }),
    // re-created with the values so that inputs get the current value
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setValue, values],
  );

  const setError = useCallback((name: keyof T & string, error: { type: string; message: string }) => {
    setErrors((previous) => ({ ...previous, [name]: error }));
  }, []);

  const reset = useCallback(
    (next?: T) => {
      const resetTo = next ?? defaultValues;
      current.current = resetTo;
      submitted.current = false;
      setValues(resetTo);
      setErrors({});
    },
    [defaultValues],
  );

  const handleSubmit = useCallback(
    (onValid: (values: T) => unknown) => async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const snapshot = current.current;
      const found = toErrors(validateRef.current(snapshot));
      setErrors(found);
      const first = Object.keys(snapshot).find((field) => field in found);
      if (first) {
        elements.current.get(first)?.focus();
        return;
      }
      await onValid(snapshot);
    },
    [],
  );

  return useMemo(
    () => ({ register, formState: { errors }, getValues: () => current.current, setValue, setError, reset, handleSubmit }),
    [register, errors, setValue, setError, reset, handleSubmit],
  );
}
