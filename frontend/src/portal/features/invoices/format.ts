import type { InstallmentStatus, InvoiceStatus, InvoiceSummary } from './types';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const withYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const withoutYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** A 'YYYY-MM-DD' due date as the calendar day it names (never shifted by the time zone), or null. */
function dayOf(value: string | null | undefined): Date | null {
  const m = value ? DAY.exec(value) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** 'Mar 3, 2026'; '' for a missing or malformed date. */
export function formatDueDate(value: string | null | undefined): string {
  const d = dayOf(value);
  return d ? withYear.format(d) : '';
}

/** 'Mar 3' in the current year, else 'Mar 3, 2027' (the project card's next installment). */
export function formatShortDueDate(value: string | null | undefined, now: Date = new Date()): string {
  const d = dayOf(value);
  if (!d) return '';
  return d.getFullYear() === now.getFullYear() ? withoutYear.format(d) : withYear.format(d);
}

export const INVOICE_STATUS: Record<InvoiceStatus, { label: string; color: 'default' | 'success' | 'warning' | 'error' }> = {
  draft: { label: 'Draft', color: 'default' },
  open: { label: 'Open', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  void: { label: 'Void', color: 'default' },
};

/** An installment's state in CONTRACT §14's words, and the theme colour it reads in. */
export const INSTALLMENT_STATUS: Record<InstallmentStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'success.dark' },
  due: { label: 'Due', color: 'text.secondary' },
  overdue: { label: 'Overdue', color: 'error.main' },
};

/** GET /api/invoices/{id}/pdf: a plain link, downloaded with the session cookie. */
export const invoicePdfUrl = (invoiceId: number) => `/api/invoices/${invoiceId}/pdf`;

/** The link that brings the client to the project's card payment (My Projects opens it, PayFromLink). */
export const payLink = (projectId: number) => `/projects?pay=${projectId}`;

/** Whether the client can pay on the invoice: an open one with something owed. */
export const payable = (invoice: Pick<InvoiceSummary, 'status' | 'due'>) => invoice.status === 'open' && invoice.due > 0;
