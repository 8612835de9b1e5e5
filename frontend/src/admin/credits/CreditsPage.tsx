import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Title } from 'react-admin';
import { PageHeader } from '../../shared/ui/PageHeader';
import { AdjustCreditsDialog } from './AdjustCreditsDialog';
import { BundleFormDialog } from './BundleFormDialog';
import { BundlesTable } from './BundlesTable';
import { ClientCredits } from './ClientCredits';
import { useClientCreditsList } from './clientCreditsList';
import { useCreditsApi } from './dataProvider';
import { DeleteBundleDialog } from './DeleteBundleDialog';
import { BUNDLES_KEY, USAGE_KEY } from './queries';
import type { ClientWithCredits, CreditBundle } from './types';

type FormState = { open: false } | { open: true; record?: CreditBundle };

/** Bundles (/admin/credits): credit bundles and the clients' credit balances (spec §2). */
export function CreditsPage() {
  const api = useCreditsApi();
  const bundles = useQuery({
    queryKey: BUNDLES_KEY,
    queryFn: () => api.getCreditBundlesAdmin().then((r) => r.data),
    retry: false,
  });
  // one page of clients, searched on the server
  const clients = useClientCreditsList();
  // usage is extra information: while unknown (or failed) every bundle shows 0
  const usage = useQuery({
    queryKey: USAGE_KEY,
    queryFn: () => api.getCreditBundleUsage().then((r) => r.data),
    retry: false,
  });

  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<CreditBundle | null>(null);
  const [adjusting, setAdjusting] = useState<ClientWithCredits | null>(null);

  const loading = bundles.isPending || clients.list.isPending;
  const failed = bundles.isError || clients.list.isError;

  let body: ReactNode;
  if (failed) {
    body = (
      <Alert severity="error" sx={{ mt: 1 }}>
        Error loading data
      </Alert>
    );
  } else if (loading) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Section title="Credit Bundles" count={bundles.data!.length}>
          <BundlesTable
            bundles={bundles.data!}
            usage={usage.data}
            onEdit={(record) => setForm({ open: true, record })}
            onDelete={setDeleting}
          />
        </Section>
        <Section title="Client Credits" count={clients.total}>
          <ClientCredits list={clients} onAdjust={setAdjusting} />
        </Section>
      </Box>
    );
  }

  // the dialog shows the list's current balance of the client being adjusted
  const adjustingClient = adjusting ? (clients.clients.find((c) => c.id === adjusting.id) ?? adjusting) : null;

  return (
    // a grid whose one column may shrink to 0: tables scroll inside their cards on phones
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Bundles" />
      <PageHeader
        title="Bundles"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true })}>
            Add Bundle
          </Button>
        }
      />
      {body}
      <BundleFormDialog open={form.open} record={form.open ? form.record : undefined} onClose={() => setForm({ open: false })} />
      <DeleteBundleDialog bundle={deleting} onClose={() => setDeleting(null)} />
      <AdjustCreditsDialog client={adjustingClient} onClose={() => setAdjusting(null)} />
    </Box>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ contain: 'inline-size', overflow: 'hidden' }}>
      <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          ({count})
        </Typography>
      </Box>
      {children}
    </Card>
  );
}

export default CreditsPage;
