import Close from '@mui/icons-material/Close';
import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatCurrency, formatDate, formatDateTime } from '../../shared/ui/formatters';
import { useAdminToast } from '../shared/toast';
import { invoicePdfUrl, useInvoicesApi } from './dataProvider';
import { formatDay } from './invoiceFilters';
import { InvoiceStatusChip, OverdueChip } from './InvoiceStatusChip';
import { LinesEditor } from './LinesEditor';
import { ScheduleEditor } from './ScheduleEditor';
import { serverProblem, type ServerProblem } from './serverErrors';
import type { Installment, InvoiceDetail, InvoicePatch, InvoiceReminder, InvoiceSummary, SchedulePart } from './types';

export const invoiceQueryKey = (id: number) => ['invoices', 'detail', id] as const;

const name = (invoice: Pick<InvoiceSummary, 'number'>) => invoice.number ?? 'Draft';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, minHeight: 32 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

function Row({ label, value, strong, testId }: { label: ReactNode; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }} data-testid={testId}>
      <Typography color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{value}</Typography>
    </Box>
  );
}

/** Subtotal, discount, tax, total, then credits applied, paid, refunded and due (the server's figures). */
export function InvoiceTotals({ invoice }: { invoice: InvoiceDetail }) {
  // '8.875' -> 'Sales tax 8.875%'; no tax row for a studio without tax (rate 0 and nothing taxed)
  const rateNumber = Number(invoice.taxRate);
  const rate = rateNumber > 0 ? `${invoice.taxName ? `${invoice.taxName} ` : ''}${rateNumber}%` : '';
  const discountLabel =
    invoice.discountKind === 'percent' && invoice.discountValue != null ? `Discount (${invoice.discountValue}%)` : 'Discount';
  return (
    <Box aria-label="Totals" role="group">
      <Row label="Subtotal" value={formatCurrency(invoice.subtotal)} testId="invoice-subtotal" />
      {invoice.discount > 0 && <Row label={discountLabel} value={`−${formatCurrency(invoice.discount)}`} testId="invoice-discount" />}
      {(invoice.tax > 0 || rate !== '') && (
        <Row
          label={`Tax${rate ? ` (${rate}${invoice.taxInclusive ? ', included' : ''})` : ''}`}
          value={formatCurrency(invoice.tax)}
          testId="invoice-tax"
        />
      )}
      <Row label="Total" value={formatCurrency(invoice.total)} strong testId="invoice-total" />
      <Divider sx={{ my: 1 }} />
      {invoice.creditsApplied > 0 && <Row label="Credits applied" value={formatCurrency(invoice.creditsApplied)} />}
      <Row label="Paid" value={formatCurrency(invoice.paid)} testId="invoice-paid" />
      {invoice.refunded > 0 && <Row label="Refunded" value={formatCurrency(invoice.refunded)} />}
      <Row label="Due" value={formatCurrency(invoice.due)} strong testId="invoice-due" />
    </Box>
  );
}

const INSTALLMENT_STATUS: Record<Installment['status'], { label: string; color: 'success' | 'error' | 'default' }> = {
  due: { label: 'Due', color: 'default' },
  paid: { label: 'Paid', color: 'success' },
  overdue: { label: 'Overdue', color: 'error' },
};

/** The current schedule, read-only: each installment, its due date, what is paid of it and its state. */
function ScheduleView({ schedule }: { schedule: Installment[] }) {
  if (schedule.length === 0) return <Typography color="text.secondary">No schedule yet</Typography>;
  const count = schedule.length;
  return (
    <List dense disablePadding aria-label="Installments" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      {[...schedule]
        .sort((a, b) => a.number - b.number)
        .map((part, i) => {
          const look = INSTALLMENT_STATUS[part.status];
          return (
            <ListItem key={part.id} divider={i < count - 1} sx={{ gap: 1, alignItems: 'flex-start' }}>
              <ListItemText
                primary={`${part.number}. ${part.label}`}
                secondary={`Due ${formatDay(part.dueDate)}${part.paid > 0 && part.remaining > 0 ? ` · ${formatCurrency(part.paid)} paid` : ''}`}
              />
              <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatCurrency(part.amount)}</Typography>
                <Chip label={look.label} size="small" color={look.color} variant={look.color === 'default' ? 'outlined' : 'filled'} />
              </Stack>
            </ListItem>
          );
        })}
    </List>
  );
}

/** 'Payment due in 3 days', 'Payment due today', '7 days overdue' (CONTRACT §14's reminders). */
export function reminderText(days: number): string {
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  if (days < 0) return `Payment due in ${n} ${unit}`;
  if (days === 0) return 'Payment due today';
  return `${n} ${unit} overdue`;
}

function Reminders({ reminders, schedule }: { reminders: InvoiceReminder[]; schedule: Installment[] }) {
  if (reminders.length === 0) return <Typography color="text.secondary">No reminders sent yet</Typography>;
  const partOf = (id: number) => schedule.find((p) => p.id === id);
  return (
    <List dense disablePadding aria-label="Reminders sent">
      {reminders.map((r) => {
        const part = partOf(r.installmentId);
        return (
          <ListItem key={`${r.installmentId}-${r.days}`} disableGutters>
            <ListItemText
              primary={reminderText(r.days)}
              secondary={`${part ? `${part.number}. ${part.label} · ` : ''}sent ${formatDateTime(r.sentAt)}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

function Postings({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.payments.length === 0) return <Typography color="text.secondary">No payments yet</Typography>;
  return (
    <List dense disablePadding aria-label="Payments and refunds">
      {invoice.payments.map((p) => (
        <ListItem
          key={`${p.kind}-${p.paymentId}-${p.refundId ?? ''}-${p.date}`}
          disableGutters
          secondaryAction={
            <Typography
              sx={{ fontWeight: 600, color: p.kind === 'refund' ? 'error.main' : 'text.primary', fontVariantNumeric: 'tabular-nums' }}
            >
              {p.kind === 'refund' ? `−${formatCurrency(p.amount)}` : formatCurrency(p.amount)}
            </Typography>
          }
        >
          <ListItemText
            primary={`${p.kind === 'refund' ? 'Refund' : 'Payment'} · ${p.method === 'card' ? 'Card' : 'Manual'}`}
            secondary={formatDate(p.date)}
          />
        </ListItem>
      ))}
    </List>
  );
}

interface InvoicePanelProps {
  /** the invoice shown; null closes the panel */
  invoiceId: number | null;
  /** its row of the list, shown while the detail loads */
  summary: InvoiceSummary | null;
  onClose: () => void;
}

/**
 * An invoice's panel (CONTRACT §14): lines and discount, totals, the schedule and its editor with the
 * live sum check, payments and refunds posted, reminders sent, 'Send invoice' and the PDF.
 */
export function InvoicePanel({ invoiceId, summary, onClose }: InvoicePanelProps) {
  return (
    <Drawer
      anchor="right"
      open={invoiceId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 600 } }, role: 'dialog', 'aria-label': 'Invoice' } }}
    >
      {invoiceId !== null && <InvoiceDetails key={invoiceId} invoiceId={invoiceId} summary={summary} onClose={onClose} />}
    </Drawer>
  );
}

function InvoiceDetails({ invoiceId, summary, onClose }: { invoiceId: number; summary: InvoiceSummary | null; onClose: () => void }) {
  const api = useInvoicesApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const query = useQuery({
    queryKey: invoiceQueryKey(invoiceId),
    queryFn: async () => (await api.getInvoice(invoiceId)).data,
    retry: false,
  });
  const invoice = query.data;
  const head = invoice ?? summary;
  const [editingSchedule, setEditingSchedule] = useState(false);
  const [scheduleProblem, setScheduleProblem] = useState<ServerProblem | null>(null);
  const [linesProblem, setLinesProblem] = useState<ServerProblem | null>(null);

  /** the saved invoice in the panel, and the list's rows refetched (total, due, next due date) */
  const saved = (detail: InvoiceDetail) => {
    queryClient.setQueryData(invoiceQueryKey(invoiceId), detail);
    void queryClient.invalidateQueries({ queryKey: ['invoices', 'getList'] });
  };

  const saveSchedule = useMutation({
    mutationFn: (parts: SchedulePart[]) => api.saveSchedule(invoiceId, parts),
    onMutate: () => setScheduleProblem(null),
    onSuccess: ({ data }) => {
      saved(data);
      setEditingSchedule(false);
      toast({ title: 'Schedule saved' });
    },
    onError: (e) => setScheduleProblem(serverProblem(e, 'The schedule could not be saved')),
  });

  const saveLines = useMutation({
    mutationFn: (patch: InvoicePatch) => api.updateInvoice(invoiceId, patch),
    onMutate: () => setLinesProblem(null),
    onSuccess: ({ data }) => {
      saved(data);
      toast({ title: 'Invoice saved' });
    },
    onError: (e) => setLinesProblem(serverProblem(e, 'The invoice could not be saved')),
  });

  const send = useMutation({
    mutationFn: () => api.sendInvoice(invoiceId),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<InvoiceDetail>(invoiceQueryKey(invoiceId), (old) => (old ? { ...old, sentAt: data.sentAt } : old));
      void queryClient.invalidateQueries({ queryKey: invoiceQueryKey(invoiceId) });
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'getList'] });
      toast({ title: 'Invoice sent' });
    },
    onError: (e) =>
      toast({ title: 'Invoice not sent', description: serverProblem(e, 'Please try again later.').message, variant: 'destructive' }),
  });

  return (
    <Stack spacing={3} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="overline" color="text.secondary">
          Invoice
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Stack>

      {head && (
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h5" component="h2">
              {name(head)}
            </Typography>
            <InvoiceStatusChip status={head.status} />
            {head.overdue && <OverdueChip />}
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
            {head.clientName ?? 'Unknown client'} · {head.projectName ?? 'Unknown project'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {head.issuedAt ? `Issued ${formatDate(head.issuedAt)}` : 'Not issued yet'}
            {invoice?.sentAt ? ` · Sent ${formatDate(invoice.sentAt)}` : ''}
          </Typography>
        </Box>
      )}

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendOutlined />}
          onClick={() => send.mutate()}
          disabled={send.isPending || !invoice || invoice.status === 'void'}
        >
          Send invoice
        </Button>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          href={invoicePdfUrl(invoiceId)}
          target="_blank"
          rel="noopener"
          aria-label={`PDF of invoice ${head ? name(head) : ''}`.trim()}
        >
          PDF
        </Button>
      </Stack>

      {query.isError ? (
        <Alert severity="error">{serverProblem(query.error, 'Failed to load the invoice').message}</Alert>
      ) : !invoice ? (
        <Stack spacing={1} aria-label="Loading invoice">
          <Skeleton height={32} />
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <>
          <Section title="Lines">
            <LinesEditor
              key={JSON.stringify([invoice.lines, invoice.discountKind, invoice.discountValue])}
              invoice={invoice}
              saving={saveLines.isPending}
              problem={linesProblem}
              onSave={(patch) => saveLines.mutate(patch)}
            />
          </Section>
          <InvoiceTotals invoice={invoice} />
          <Divider />
          <Section
            title="Schedule"
            action={
              !editingSchedule && (
                <Button
                  size="small"
                  startIcon={<EditCalendarOutlined />}
                  onClick={() => {
                    setScheduleProblem(null);
                    setEditingSchedule(true);
                  }}
                >
                  Edit schedule
                </Button>
              )
            }
          >
            {editingSchedule ? (
              <ScheduleEditor
                total={invoice.total}
                schedule={invoice.schedule}
                saving={saveSchedule.isPending}
                problem={scheduleProblem}
                onSave={(parts) => saveSchedule.mutate(parts)}
                onCancel={() => setEditingSchedule(false)}
              />
            ) : (
              <ScheduleView schedule={invoice.schedule} />
            )}
          </Section>
          <Divider />
          <Section title="Payments">
            <Postings invoice={invoice} />
          </Section>
          <Section title="Reminders sent">
            <Reminders reminders={invoice.reminders} schedule={invoice.schedule} />
          </Section>
        </>
      )}
    </Stack>
  );
}
