import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Title } from 'react-admin';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ClientFormDialog } from '../clients/ClientFormDialog';
import { serverMessage } from '../shared/toast';
import { clientMessages } from '../clients/validation';
import { QuickActions } from './dashboard/QuickActions';
import { RecentActivity } from './dashboard/RecentActivity';
import { SummaryCards, SummaryCardsSkeleton } from './dashboard/SummaryCards';
import { useDashboard, useRefreshDashboard } from './dashboard/useDashboard';

/** The admin's home (/admin): figures of the month, recent activity and quick actions (spec §2). */
export function DashboardPage() {
  const { data, isPending, error, refetch, isRefetching } = useDashboard();
  const refresh = useRefreshDashboard();
  const [addingClient, setAddingClient] = useState(false);

  return (
    <Box>
      <Title title="Dashboard" />
      <PageHeader title="Dashboard" />
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
        <QuickActions onAddClient={() => setAddingClient(true)} />
      </Box>
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
    </Box>
  );
}
