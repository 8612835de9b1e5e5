import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/ui/formatters';
import { serverMessage, useAdminToast } from '../shared/toast';
import { useIntegrationsApi } from './dataProvider';
import { deliveryStatusColor, deliveryStatusLabel } from './labels';
import { deliveriesKey } from './queries';
import type { WebhookDelivery } from './types';

/** How many deliveries the log shows (the newest). */
export const DELIVERIES_SHOWN = 10;
/** How often the log looks again while a delivery is pending. */
const PENDING_REFRESH_MS = 2000;

/** An endpoint's newest deliveries: status, answer, error, next try, and Retry on failed and pending ones. */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const api = useIntegrationsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: () => api.getDeliveries(endpointId, { start: 0, end: DELIVERIES_SHOWN - 1 }),
    // While a delivery is on its way (the first try comes within a second or two), look again now and then.
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  });

  const retry = useMutation({
    mutationFn: (delivery: WebhookDelivery) => api.retryDelivery(delivery.id),
    onSuccess: async () => {
      toast({ title: 'Delivery queued', description: 'It will be tried again in a moment.' });
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Failed to retry the delivery'), variant: 'destructive' }),
  });

  if (deliveries.isPending) return <CircularProgress size={20} aria-label="Loading deliveries" />;
  if (deliveries.isError) return <Alert severity="error">{serverMessage(deliveries.error, 'Failed to load the deliveries')}</Alert>;

  const { data, total } = deliveries.data;
  return (
    <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, px: { xs: 1.5, sm: 2 }, py: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {data.length === 0
            ? 'No deliveries yet'
            : total > data.length
              ? `Latest ${data.length} of ${total} deliveries`
              : `Deliveries (${total})`}
        </Typography>
        <Button size="small" onClick={() => deliveries.refetch()} disabled={deliveries.isFetching}>
          {deliveries.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </Box>
      {data.length > 0 && (
        <List aria-label="Deliveries" dense disablePadding>
          {data.map((delivery) => (
            <ListItem
              key={delivery.id}
              divider
              disableGutters
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, py: 1.25 }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Chip
                    size="small"
                    label={deliveryStatusLabel[delivery.status]}
                    color={deliveryStatusColor[delivery.status]}
                    variant={delivery.status === 'pending' ? 'outlined' : 'filled'}
                    data-status={delivery.status}
                    sx={{ fontWeight: 600 }}
                  />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {delivery.type}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(delivery.createdAt)}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : 'No answer yet'} ·{' '}
                  {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
                  {delivery.nextAttemptAt && delivery.status === 'pending' ? ` · next try ${formatDateTime(delivery.nextAttemptAt)}` : ''}
                </Typography>
                {delivery.lastError && (
                  <Typography variant="body2" color="error" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
                    {delivery.lastError}
                  </Typography>
                )}
              </Box>
              {delivery.status !== 'succeeded' && (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={retry.isPending && retry.variables?.id === delivery.id}
                  onClick={() => retry.mutate(delivery)}
                  aria-label={`Retry ${delivery.type} delivery of ${formatDateTime(delivery.createdAt)}`}
                >
                  Retry
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export default DeliveryLog;
