import type { EmailKind, OutboxStatus } from './types';

const KIND_LABELS: Record<EmailKind, string> = {
  welcome: 'Welcome',
  'password-reset': 'Password reset',
  'project-notification': 'Project notification',
  invitation: 'Invitation',
  custom: 'Custom',
  test: 'Test',
  'email-changed': 'E-mail changed notice',
  'password-known': 'Password known notice',
  'email-verification': 'Verification link',
  'sign-in-code': 'Sign-in code',
  receipt: 'Receipt',
  invoice: 'Invoice',
  'invoice-reminder': 'Payment reminder',
};

const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  logged: 'Logged (not sent)',
  failed: 'Failed',
};

const capitalize = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ') : 'Unknown');

/** An outbox row's kind in words ('project-notification' -> 'Project notification'). */
export const kindLabel = (kind: string): string => KIND_LABELS[kind as EmailKind] ?? capitalize(kind);

/** An outbox row's status in words. */
export const statusLabel = (status: string): string => STATUS_LABELS[status as OutboxStatus] ?? capitalize(status);

export type StatusColor = 'success' | 'error' | 'warning' | 'default';

/** sent green, failed red, pending/sending amber, logged (mock transport) grey. */
export function statusColor(status: string): StatusColor {
  if (status === 'sent') return 'success';
  if (status === 'failed') return 'error';
  if (status === 'pending' || status === 'sending') return 'warning';
  return 'default';
}

/** Rows still on their way: the outbox polls while one of them is visible. */
export const isInFlight = (status: string): boolean => status === 'pending' || status === 'sending';
