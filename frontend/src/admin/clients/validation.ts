import { isEmail, type Validator } from '../../shared/forms/validation';

/** Spec §5 "Admin Add or Create Client", word for word. */
export const clientMessages = {
  /** on the Clients page */
  name: 'Name must be at least 3 characters',
  /** in the dashboard's Add Client dialog */
  username: 'Username must be at least 3 characters',
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
} as const;

export const CLIENT_ROLES = [
  { id: 'client', name: 'Client' },
  { id: 'admin', name: 'Admin' },
] as const;

export type ClientRole = (typeof CLIENT_ROLES)[number]['id'];

export interface ClientFormValues {
  username: string;
  email: string;
  /** create only; the Edit Client form has no password */
  password: string;
  role: ClientRole;
}

export interface ClientValidationOptions {
  /** 'create' asks for a password, 'edit' does not */
  mode: 'create' | 'edit';
  /** the message of the username rule: 'Name...' on the Clients page, 'Username...' on the dashboard */
  usernameMessage?: string;
}

export function clientValidator({ mode, usernameMessage = clientMessages.name }: ClientValidationOptions): Validator<ClientFormValues> {
  return (v) => ({
    username: v.username.trim().length >= 3 ? undefined : usernameMessage,
    email: isEmail(v.email) ? undefined : clientMessages.email,
    password: mode === 'edit' || v.password.length >= 6 ? undefined : clientMessages.password,
    role: v.role === 'client' || v.role === 'admin' ? undefined : 'Please select a role',
  });
}
