import { describe, expect, it } from 'vitest';
import { clientMessages, clientValidator, type ClientFormValues } from './validation';

const valid: ClientFormValues = { username: 'Jane', email: 'jane@example.com', password: 'secret1', role: 'client' };

describe('client form rules (spec §5 "Admin Add or Create Client")', () => {
  it('accepts a valid client', () => {
    expect(clientValidator({ mode: 'create' })(valid)).toEqual({
      username: undefined,
      email: undefined,
      password: undefined,
      role: undefined,
    });
  });

  it("uses 'Name must be...' on the Clients page and 'Username must be...' in the dashboard dialog", () => {
    const short = { ...valid, username: ' ab ' };
    expect(clientValidator({ mode: 'create' })(short).username).toBe('Name must be at least 3 characters');
    expect(clientValidator({ mode: 'create', usernameMessage: clientMessages.username })(short).username).toBe(
      'Username must be at least 3 characters',
    );
  });

  it('checks the e-mail and the password on create', () => {
    const errors = clientValidator({ mode: 'create' })({ ...valid, email: 'jane@', password: '12345' });
    expect(errors.email).toBe('Please enter a valid email');
    expect(errors.password).toBe('Password must be at least 6 characters');
  });

  it('has no password rule when editing', () => {
    expect(clientValidator({ mode: 'edit' })({ ...valid, password: '' }).password).toBeUndefined();
  });
});
