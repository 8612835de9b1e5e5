import { isEmail, type Validator } from '../../../shared/forms/validation';
import { messages } from '../auth/validation';

export interface SetupValues {
  studioName: string;
  name: string;
  email: string;
  password: string;
  code: string;
}

export const setupMessages = {
  studioName: 'Studio name is required',
  code: "Enter the setup code printed in the server's console",
} as const;

/** The setup form's rules: registration's for the admin (spec §5 messages), plus the studio's name and the code. */
export const validateSetup: Validator<SetupValues> = (v) => ({
  studioName: v.studioName.trim() ? undefined : setupMessages.studioName,
  name: v.name.trim().length >= 3 ? undefined : messages.name,
  email: isEmail(v.email) ? undefined : messages.email,
  password: v.password.length >= 6 ? undefined : messages.password6,
  code: v.code.trim() ? undefined : setupMessages.code,
});
