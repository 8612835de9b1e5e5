import { isEmail, type Validator } from '../../shared/forms/validation';
import type { TestEmailType } from './types';

/** Spec §5 (Test e-mail, Invitation, Custom e-mail, Adding a recipient), word for word. */
export const emailMessages = {
  email: 'Please enter a valid email address',
  clientName: 'Client name must be at least 2 characters',
  subject: 'Email subject is required',
  htmlContent: 'Email content is required',
  recipients: 'At least one recipient is required when not sending to all clients',
  type: 'Type must be welcome or project',
} as const;

/** CONTRACT §2 bounds, used as maxLength on inputs. */
export const EMAIL_LIMITS = {
  email: 254,
  name: 200,
  subject: 200,
  message: 2000,
  html: 200_000,
  /** listed recipients of one custom e-mail (docs/api/back-office.md) */
  recipients: 500,
} as const;

export interface InvitationValues {
  email: string;
  clientName: string;
  customMessage: string;
}

export const validateInvitation: Validator<InvitationValues> = (v) => ({
  email: isEmail(v.email) ? undefined : emailMessages.email,
  clientName: v.clientName.trim().length >= 2 ? undefined : emailMessages.clientName,
});

export interface CustomEmailValues {
  subject: string;
  htmlContent: string;
  sendToAll: boolean;
  recipients: string[];
}

export const validateCustomEmail: Validator<CustomEmailValues> = (v) => ({
  subject: v.subject.trim() ? undefined : emailMessages.subject,
  htmlContent: v.htmlContent.trim() ? undefined : emailMessages.htmlContent,
  recipients: v.sendToAll || v.recipients.length > 0 ? undefined : emailMessages.recipients,
});

export interface TestEmailValues {
  email: string;
  type: TestEmailType;
}

export const validateTestEmail: Validator<TestEmailValues> = (v) => ({
  email: isEmail(v.email) ? undefined : emailMessages.email,
  type: v.type === 'welcome' || v.type === 'project' ? undefined : emailMessages.type,
});

/** Why an address cannot join the recipients list, as a toast (spec §5 "Adding a recipient"); null when it can. */
export function recipientProblem(address: string, recipients: readonly string[]): { title: string; description: string } | null {
  if (!isEmail(address)) return { title: 'Invalid Email', description: emailMessages.email };
  const lower = address.trim().toLowerCase();
  if (recipients.some((r) => r.toLowerCase() === lower)) {
    return { title: 'Duplicate Email', description: 'This email is already in the recipients list' };
  }
  if (recipients.length >= EMAIL_LIMITS.recipients) {
    return { title: 'Too Many Recipients', description: `At most ${EMAIL_LIMITS.recipients} recipients can be listed` };
  }
  return null;
}
