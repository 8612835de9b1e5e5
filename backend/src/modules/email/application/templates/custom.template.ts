import type { SharedMessage } from '../ports/outbox.repository';
import { htmlToText } from './html-to-text';

/**
 * The admin's own e-mail: the HTML is sent as written (it is the admin's message, composed in the
 * back office); the plain-text part is derived from it for text-only mail clients.
 */
export function customEmail(p: { subject: string; html: string }): SharedMessage {
  return { kind: 'custom', subject: p.subject, html: p.html, text: htmlToText(p.html) || p.subject };
}
