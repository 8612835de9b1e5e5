import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { Title } from 'react-admin';
import { PageHeader } from '../../shared/ui/PageHeader';
import { serverMessage } from '../shared/toast';
import { clientMessages } from '../clients/validation';
import { GettingStarted } from './dashboard/GettingStarted';
import { QuickActions } from './dashboard/QuickActions';
import { RecentActivity } from './dashboard/RecentActivity';
import { SummaryCards, SummaryCardsSkeleton } from './dashboard/SummaryCards';
import { TwoFactorPrompt } from './dashboard/TwoFactorPrompt';
import { useDashboard, useRefreshDashboard } from './dashboard/useDashboard';

// the Add Client dialog (and its form library) loads when first opened
const ClientFormDialog = lazy(() => import('../clients/ClientFormDialog').then((m) => ({ default: m.ClientFormDialog })));

/** The admin's home (/admin): figures of the month, recent activity and quick actions (spec §2). */
export function DashboardPage() {
  const { data, isPending, error, refetch, isRefetching } = useDashboard();
  const refresh = useRefreshDashboard();
  const [addingClient, setAddingClient] = useState(false);
  // mounted from the first opening on, so that it can play its closing transition
  const [dialogUsed, setDialogUsed] = useState(false);

  return (
    <Box>
      <Title title="Dashboard" />
      <PageHeader title="Dashboard" />
      <TwoFactorPrompt />
      <GettingStarted />
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" startIcon={<Refresh />} onClick={() => refetch()} disabled={isRefetching}>
              Retry
            </Button>
          }
        >
          {serverMessage(error, 'Failed to load the dashboard')}
        </Alert>
      ) : data ? (
        <SummaryCards data={data} />
      ) : (
        <SummaryCardsSkeleton />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          mt: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
          alignItems: 'stretch',
        }}
      >
        <RecentActivity items={data?.recentActivity} loading={isPending} unavailable={Boolean(error)} />
        <QuickActions
          onAddClient={() => {
            setDialogUsed(true);
            setAddingClient(true);
          }}
        />
      </Box>
      {dialogUsed && (
        <Suspense fallback={null}>
          <ClientFormDialog
            open={addingClient}
            onClose={() => setAddingClient(false)}
            mode="create"
            title="Add New Client"
            description="Create a new client account"
            usernameLabel="Username"
            usernameMessage={clientMessages.username}
            onSaved={() => void refresh()}
          />
        </Suspense>
      )}
    </Box>
  );
}
