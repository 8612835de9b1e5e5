import CreditCard from '@mui/icons-material/CreditCard';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatCurrency } from '../../../../shared/ui/formatters';
import { formatDueDate, invoicePdfUrl, payable, payLink } from '../format';
import type { InvoiceSummary } from '../types';
import { InvoiceStatusChip } from './InvoiceStatusChip';

function Amount({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography fontWeight={strong ? 700 : 600}>{formatCurrency(value)}</Typography>
    </Box>
  );
}

/**
 * One invoice of the Invoices page (CONTRACT §14), phone first: number and status, project, total and
 * due, the next due date ('Overdue' in the error colour once it has passed), then 'Details', 'PDF' and,
 * while something is owed, 'Pay'.
 */
export function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  const name = invoice.number ?? 'Draft';
  const titleId = `invoice-${invoice.id}-title`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="invoice-card"
      sx={{ listStyle: 'none', p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} component="h2" fontWeight={700} sx={{ fontSize: '1.05rem' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {invoice.projectName}
          </Typography>
        </Box>
        <InvoiceStatusChip status={invoice.status} />
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Amount label="Total" value={invoice.total} />
        <Amount label="Due" value={invoice.due} strong />
      </Box>

      {invoice.nextDueDate && invoice.due > 0 && (
        <Typography variant="body2" data-testid="next-due">
          Next due {formatDueDate(invoice.nextDueDate)}
          {invoice.overdue && ' '}
          {invoice.overdue && (
            <Box component="span" sx={{ color: 'error.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
              · Overdue{invoice.overdueAmount > 0 ? ` ${formatCurrency(invoice.overdueAmount)}` : ''}
            </Box>
          )}
        </Typography>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="text" component={RouterLink} to={`/invoices/${invoice.id}`} aria-label={`Details ${name}`}>
          Details
        </Button>
        <Button
          size="small"
          variant="outlined"
          href={invoicePdfUrl(invoice.id)}
          download
          startIcon={<PictureAsPdfOutlined />}
          aria-label={`PDF ${name}`}
        >
          PDF
        </Button>
        {payable(invoice) && (
          <Button
            size="small"
            variant="contained"
            component={RouterLink}
            to={payLink(invoice.projectId)}
            startIcon={<CreditCard />}
            aria-label={`Pay ${name}`}
            sx={{ ml: 'auto' }}
          >
            Pay
          </Button>
        )}
      </Box>
    </Paper>
  );
}
