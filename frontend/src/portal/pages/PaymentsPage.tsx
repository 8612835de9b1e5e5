import ErrorOutline from '@mui/icons-material/ErrorOutline';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Payment } from '../../shared/api/schema';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { hasReceipt, receiptUrl, useMyPayments } from '../features/payments/receipts';
import { StatePanel } from '../features/projects/components/StatePanel';

const STATUS: Record<Payment['status'], { label: string; color: string }> = {
  completed: { label: 'Completed', color: 'success.dark' },
  pending: { label: 'Pending', color: 'warning.dark' },
  failed: { label: 'Failed', color: 'error.main' },
  // CONTRACT §11: the studio gave part or all of it back.
  partially_refunded: { label: 'Partially refunded', color: 'info.dark' },
  refunded: { label: 'Refunded', color: 'text.secondary' },
};

/**
 * /payments: the client's payments, newest first, each completed one with its 'Receipt' (CONTRACT §11).
 * A list of rows built from the portal's own components (Paper, Typography, Button): it reads on a phone
 * without sideways scrolling and brings no table or chip code shared with the back office into the
 * portal's chunks (the bundle budgets, decision 0014).
 */
export function PaymentsPage() {
  const payments = useMyPayments();

  let content;
  if (payments.isPending) {
    content = <Skeleton variant="rounded" height={180} aria-label="Loading payments" />;
  } else if (payments.isError) {
    content = (
      <StatePanel icon={<ErrorOutline />} title="Failed to load payments" tone="error">
        Please try again later or contact support.
      </StatePanel>
    );
  } else if (payments.data.length === 0) {
    content = (
      <StatePanel icon={<ReceiptLongOutlined />} title="No payments yet">
        Your payments and their receipts will appear here once you pay for a project.
      </StatePanel>
    );
  } else {
    content = (
      <Paper variant="outlined" component="ul" aria-label="Payments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {payments.data.map((p, i) => (
          <Box
            component="li"
            key={p.id}
            data-testid="payment-row"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) auto auto' },
              alignItems: 'center',
              columnGap: 3,
              rowGap: 1,
              px: { xs: 2, sm: 3 },
              py: 2,
              borderTop: i === 0 ? 'none' : '1px solid',
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography fontWeight={600} sx={{ wordBreak: 'break-word' }}>
                {p.bundleId != null ? `Credit bundle: ${p.bundleName ?? ''}` : p.projectName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(p.paymentDate)} · {p.method}
                {p.receiptNumber ? ` · ${p.receiptNumber}` : ''} ·{' '}
                <Box component="span" sx={{ color: STATUS[p.status].color, fontWeight: 600 }}>
                  {STATUS[p.status].label}
                </Box>
                {p.refundedAmount > 0 && p.status === 'partially_refunded' ? ` (${formatCurrency(p.refundedAmount)} refunded)` : ''}
              </Typography>
            </Box>
            <Typography fontWeight={700} sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
              {formatCurrency(p.amount)}
            </Typography>
            <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: { sm: 120 }, textAlign: { sm: 'right' } }}>
              {hasReceipt(p) && (
                <Button
                  size="small"
                  variant="outlined"
                  href={receiptUrl(p.id)}
                  download
                  startIcon={<ReceiptLongOutlined />}
                  aria-label={`Receipt ${p.receiptNumber}`}
                >
                  Receipt
                </Button>
              )}
            </Box>
          </Box>
        ))}
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title="Payments" subtitle="Your payments to the studio and their receipts." />
      {content}
    </>
  );
}
