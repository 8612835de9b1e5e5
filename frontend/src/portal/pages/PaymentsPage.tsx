import ErrorOutline from '@mui/icons-material/ErrorOutline';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Payment } from '../../shared/api/schema';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { hasReceipt, receiptUrl, useMyPayments } from '../features/payments/receipts';
import { StatePanel } from '../features/projects/components/StatePanel';

const STATUS: Record<Payment['status'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  completed: { label: 'Completed', color: 'success' },
  pending: { label: 'Pending', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
};

/** /payments: the client's payments, newest first, each completed one with its 'Receipt' (CONTRACT §11). */
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
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Payments" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Project</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Payment Method</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Receipt</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.data.map((p) => (
              <TableRow key={p.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.paymentDate)}</TableCell>
                <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{p.projectName}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatCurrency(p.amount)}
                </TableCell>
                <TableCell>{p.method}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={STATUS[p.status].label} color={STATUS[p.status].color} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {hasReceipt(p) && (
                    <Button
                      size="small"
                      href={receiptUrl(p.id)}
                      download
                      startIcon={<ReceiptLongOutlined />}
                      aria-label={`Receipt ${p.receiptNumber}`}
                    >
                      Receipt
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <>
      <PageHeader title="Payments" subtitle="Your payments to the studio and their receipts." />
      {content}
    </>
  );
}
