import { AdminPlaceholderPage } from '../pages/AdminPlaceholderPage';

/** Placeholder until the page is built. */
export function PaymentList() {
  return <AdminPlaceholderPage title="Payment History" subtitle="Track all your revenue and transactions" />;
}
