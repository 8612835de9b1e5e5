import Close from '@mui/icons-material/Close';
import CreditCard from '@mui/icons-material/CreditCard';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDate } from '../../../../shared/ui/formatters';
import { formatDueDate, INSTALLMENT_STATUS, invoicePdfUrl, payable, payLink } from '../format';
import { useInvoice } from '../hooks';
import type { InstallmentStatus, InvoiceDetail } from '../types';
import { InvoiceStatusChip } from './InvoiceStatusChip';

export interface InvoiceDetailDialogProps {
  invoiceId: number;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * An invoice in full (CONTRACT §14): its lines, discount, tax and total, the schedule (each installment's
 * label, amount, due date and Paid/Due/Overdue) and the payments and refunds posted to it. Full screen
 * on a phone. '/invoices/:invoiceId' opens it over the Invoices page.
 */
export function InvoiceDetailDialog({ invoiceId, open, onClose, onExited }: InvoiceDetailDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const invoice = useInvoice(invoiceId);
  const data = invoice.data;

  let body: ReactNode;
  if (invoice.isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading invoice" />
      </Box>
    );
  } else if (invoice.isError || !data) {
    body = (
      <Typography role="alert" color="error.main" sx={{ py: 3 }}>
        The invoice could not be loaded. Please try again later.
      </Typography>
    );
  } else {
    body = <InvoiceBody invoice={data} />;
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, fontWeight: 700 }}>
        {data ? `Invoice ${data.number ?? 'Draft'}` : 'Invoice'}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12, color: 'text.secondary' }}>
        <Close />
      </IconButton>
      <DialogContent dividers sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        {body}
      </DialogContent>
      {data && (
        <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" href={invoicePdfUrl(data.id)} download startIcon={<PictureAsPdfOutlined />}>
            PDF
          </Button>
          {payable(data) && (
            <Button variant="contained" component={RouterLink} to={payLink(data.projectId)} startIcon={<CreditCard />}>
              Pay
            </Button>
          )}
        </DialogActions>
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        component="h3"
        variant="subtitle2"
        color="text.secondary"
        sx={{ mb: 1, textTransform: 'uppercase', letterSpacing: '0.06em' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A list whose items are label-value rows. */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {children}
    </Box>
  );
}

function Row({ children, value, strong, testId }: { children: ReactNode; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Box component="li" data-testid={testId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Box sx={{ minWidth: 0, wordBreak: 'break-word' }}>{children}</Box>
      <Typography fontWeight={strong ? 700 : 500} sx={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

function discountText(invoice: InvoiceDetail): string {
  return invoice.discountKind === 'percent' && invoice.discountValue != null ? `Discount (${invoice.discountValue}%)` : 'Discount';
}

function taxText(invoice: InvoiceDetail): string {
  const name = invoice.taxName || 'Tax';
  const rate = invoice.taxRate != null && Number(invoice.taxRate) > 0 ? ` (${Number(invoice.taxRate)}%)` : '';
  return `${name}${rate}${invoice.taxInclusive ? ', included' : ''}`;
}

function InvoiceBody({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography fontWeight={600} sx={{ wordBreak: 'break-word' }}>
            {invoice.projectName}
          </Typography>
          {invoice.issuedAt && (
            <Typography variant="body2" color="text.secondary">
              Issued {formatDate(invoice.issuedAt)}
            </Typography>
          )}
        </Box>
        <InvoiceStatusChip status={invoice.status} />
      </Box>

      <Section title="Lines">
        <Rows label="Lines">
          {invoice.lines.map((line, i) => (
            <Row key={i} value={formatCurrency(line.amount)}>
              <Typography variant="body2" fontWeight={600}>
                {line.description}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Qty {line.quantity} × {formatCurrency(line.unitPrice)}
                {line.paidWithCredits ? ' · Paid with credits' : ''}
              </Typography>
            </Row>
          ))}
        </Rows>
      </Section>

      <Rows label="Totals">
        <Row value={formatCurrency(invoice.subtotal)}>Subtotal</Row>
        {invoice.discount > 0 && <Row value={`−${formatCurrency(invoice.discount)}`}>{discountText(invoice)}</Row>}
        {(invoice.tax > 0 || Number(invoice.taxRate ?? 0) > 0) && <Row value={formatCurrency(invoice.tax)}>{taxText(invoice)}</Row>}
        {invoice.creditsApplied > 0 && <Row value={`−${formatCurrency(invoice.creditsApplied)}`}>Credits applied</Row>}
        <Row value={formatCurrency(invoice.total)} strong testId="invoice-total">
          <Typography fontWeight={700}>Total</Typography>
        </Row>
        {invoice.paid > 0 && <Row value={formatCurrency(invoice.paid)}>Paid</Row>}
        {invoice.refunded > 0 && <Row value={formatCurrency(invoice.refunded)}>Refunded</Row>}
        <Row value={formatCurrency(invoice.due)} strong testId="invoice-due">
          <Typography fontWeight={700}>Due</Typography>
        </Row>
      </Rows>

      {invoice.schedule.length > 0 && (
        <Section title="Schedule">
          <Rows label="Schedule">
            {invoice.schedule.map((part) => {
              const state = INSTALLMENT_STATUS[part.status as InstallmentStatus] ?? INSTALLMENT_STATUS.due;
              return (
                <Row key={part.id} value={formatCurrency(part.amount)} testId="installment">
                  <Typography variant="body2" fontWeight={600}>
                    {part.label}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Due {formatDueDate(part.dueDate)} ·{' '}
                    <Box component="span" sx={{ color: state.color, fontWeight: 700 }}>
                      {state.label}
                    </Box>
                    {part.status !== 'paid' && part.paid > 0 ? ` (${formatCurrency(part.remaining)} left)` : ''}
                  </Typography>
                </Row>
              );
            })}
          </Rows>
        </Section>
      )}

      <Section title="Payments">
        {invoice.payments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No payments yet
          </Typography>
        ) : (
          <Rows label="Payments">
            {invoice.payments.map((p) => (
              <Row
                key={`${p.kind}-${p.refundId ?? p.paymentId}`}
                value={`${p.kind === 'refund' ? '−' : ''}${formatCurrency(p.amount)}`}
                testId="invoice-payment"
              >
                <Typography variant="body2" fontWeight={600}>
                  {p.kind === 'refund' ? 'Refund' : 'Payment'}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDate(p.date)} · {p.method === 'card' ? 'Card' : 'Manual'}
                </Typography>
              </Row>
            ))}
          </Rows>
        )}
      </Section>
    </>
  );
}
