import { useQuery } from '@tanstack/react-query';
import type { Payment } from '../../../shared/api/schema';
import { paymentsApi } from './api';

/** Query key of the signed-in client's payments (GET /api/my/payments). */
export const MY_PAYMENTS_KEY = ['/api/my/payments'] as const;

/** A payment that has a receipt: a completed one, numbered (refunds later do not take its receipt away). */
export type ReceiptPayment = Payment & { receiptNumber: string };

export const hasReceipt = (p: Payment): p is ReceiptPayment =>
  typeof p.receiptNumber === 'string' && p.status !== 'pending' && p.status !== 'failed';

/**
 * The receipt's PDF: a plain link, so the browser downloads it with the session cookie and names the
 * file from Content-Disposition (receipt-R-000123.pdf).
 */
export const receiptUrl = (paymentId: number) => `/api/payments/${paymentId}/receipt.pdf`;

/** The client's payments; `enabled` false skips the call (nothing paid yet: no receipt to show). */
export function useMyPayments(enabled = true) {
  return useQuery<Payment[]>({ queryKey: MY_PAYMENTS_KEY, queryFn: () => paymentsApi.listMine(), enabled });
}

/** Receipts by project id, newest first (the list comes newest first). */
export function receiptsByProject(payments: Payment[] | undefined): ReadonlyMap<number, ReceiptPayment[]> {
  const map = new Map<number, ReceiptPayment[]>();
  for (const p of payments ?? []) {
    // A credit bundle's purchase belongs to no project (CONTRACT §11).
    if (!hasReceipt(p) || p.projectId === null) continue;
    map.set(p.projectId, [...(map.get(p.projectId) ?? []), p]);
  }
  return map;
}
