import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { applyServerFieldErrors, textFieldProps } from './fields';
import { useSimpleForm } from './useSimpleForm';
import type { Validator } from './validation';

interface Values {
  name: string;
  email: string;
}

const validate: Validator<Values> = (v) => ({
  name: v.name.trim() ? undefined : 'Name is required',
  email: v.email.includes('@') ? undefined : 'Invalid email address',
});

function Form({ onValid, serverError }: { onValid: (v: Values) => unknown; serverError?: unknown }) {
  const form = useSimpleForm<Values>({ defaultValues: { name: '', email: '' }, validate });
  const field = (name: keyof Values, label: string) => {
    const { inputRef, helperText, error, ...input } = textFieldProps(form, name);
    return (
      <div>
        <label>
          {label}
          <input {...input} ref={inputRef} aria-invalid={error} />
        </label>
        {helperText && <span role="alert">{helperText}</span>}
      </div>
    );
  };
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        await onValid(values);
        if (serverError) applyServerFieldErrors(form, serverError);
      })}
    >
      {field('name', 'Name')}
      {field('email', 'Email')}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSimpleForm', () => {
  it('shows messages only on submit, focuses the first invalid field and does not submit', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Name is required', 'Invalid email address']);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, each message follows its field as it changes', async () => {
    render(<Form onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Invalid email address']);
  });

  it('submits the current values, and puts the server field messages under their fields', async () => {
    const onValid = vi.fn();
    const serverError = new ApiError(400, 'Bad Request', {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      errors: { email: 'Email already exists' },
    });
    render(<Form onValid={onValid} serverError={serverError} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ann', email: 'ann@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already exists');
  });
});
