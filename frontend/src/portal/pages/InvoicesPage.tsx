import ErrorOutline from '@mui/icons-material/ErrorOutline';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { lazyPage } from '../../shared/lazyPage';
import { PageHeader } from '../../shared/ui/PageHeader';
import { InvoiceCard } from '../features/invoices/components/InvoiceCard';
import { useMyInvoices } from '../features/invoices/hooks';
import { StatePanel } from '../features/projects/components/StatePanel';

// An invoice's details load when one is opened (decision 0014).
const InvoiceDetailDialog = lazyPage(() => import('../features/invoices/components/InvoiceDetailDialog'), 'InvoiceDetailDialog');

/**
 * /invoices: the client's invoices (CONTRACT §14), one card each (number, project, total, due, status,
 * next due date, 'PDF', 'Pay'), phone first; /invoices/:invoiceId opens one in full over the list.
 */
export function InvoicesPage() {
  const invoices = useMyInvoices();
  const { invoiceId } = useParams();
  const navigate = useNavigate();
  const id = invoiceId && /^\d+$/.test(invoiceId) ? Number(invoiceId) : null;
  // the dialog stays mounted while it closes (its transition), with the invoice it showed
  const [shown, setShown] = useState<number | null>(id);
  if (id !== null && id !== shown) setShown(id);

  let content;
  if (invoices.isPending) {
    content = <Skeleton variant="rounded" height={180} aria-label="Loading invoices" />;
  } else if (invoices.isError) {
    content = (
      <StatePanel icon={<ErrorOutline />} title="Failed to load invoices" tone="error">
        Please try again later or contact support.
      </StatePanel>
    );
  } else if (invoices.data.length === 0) {
    content = (
      <StatePanel icon={<RequestQuoteOutlined />} title="No invoices yet">
        Your invoices will appear here once the studio issues them.
      </StatePanel>
    );
  } else {
    content = (
      <Box
        component="ul"
        aria-label="Invoices"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {invoices.data.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} />
        ))}
      </Box>
    );
  }

  return (
    <>
      <PageHeader title="Invoices" subtitle="Your invoices from the studio, what is due and when." />
      {content}
      {shown !== null && (
        <Suspense fallback={null}>
          <InvoiceDetailDialog
            invoiceId={shown}
            open={id !== null}
            onClose={() => void navigate('/invoices')}
            onExited={() => setShown((current) => (id === null ? null : current))}
          />
        </Suspense>
      )}
    </>
  );
}
