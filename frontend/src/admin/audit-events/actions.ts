import type { AuditAction } from '../../shared/api/schema';

/**
 * How the Activity Log names each recorded action (CONTRACT §8). A Record over the API's own union:
 * an action the API adds and this list lacks fails the type check.
 */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.logout': 'Signed out',
  'auth.2fa_enabled': 'Two-factor turned on',
  'auth.2fa_disabled': 'Two-factor turned off',
  'account.password_changed': 'Password changed',
  'account.email_changed': 'Email changed',
  'client.created': 'Client created',
  'client.updated': 'Client updated',
  'client.deleted': 'Client deleted',
  'service.created': 'Service created',
  'service.updated': 'Service updated',
  'service.deleted': 'Service deleted',
  'project.created': 'Project created',
  'project.updated': 'Project updated',
  'project.deleted': 'Project deleted',
  'project.marked_paid': 'Project marked paid',
  'bundle.created': 'Bundle created',
  'bundle.updated': 'Bundle updated',
  'bundle.deleted': 'Bundle deleted',
  'credits.adjusted': 'Credits adjusted',
  'credits.purchased': 'Credits purchased',
  'credits.redeemed': 'Credits redeemed',
  'payment.recorded': 'Payment recorded',
  'payment.refunded': 'Payment refunded',
  'email.sent': 'Email sent',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook updated',
  'webhook.deleted': 'Webhook deleted',
  'studio.updated': 'Studio settings changed',
  'studio.logo_changed': 'Studio logo changed',
  'studio.setup_completed': 'Studio set up',
  'invoice.updated': 'Invoice changed',
  'invoice.sent': 'Invoice sent',
};

/** The Action filter's choices, in the order above. */
export const ACTION_CHOICES = Object.entries(ACTION_LABELS).map(([id, name]) => ({ id, name }));

export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}
