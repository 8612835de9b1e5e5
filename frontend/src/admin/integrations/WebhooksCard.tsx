import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime } from '../../shared/ui/formatters';
import { serverMessage, useAdminToast } from '../shared/toast';
import { MONO } from './ApiTokensCard';
import { useIntegrationsApi } from './dataProvider';
import { ConfirmDialog, DeliveryLog, EndpointFormDialog, MountWhenOpened } from './lazy';
import { deliveriesKey, ENDPOINTS_KEY } from './queries';
import { SectionHeader } from './SectionHeader';
import type { WebhookEndpoint } from './types';

/** Webhooks (CONTRACT §9): the endpoints, each with its switch, test event, delivery log, Edit and Delete. */
export function WebhooksCard() {
  const api = useIntegrationsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: api.getWebhookEndpoints });
  // null: closed; 'new': Add endpoint; an endpoint: Edit
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [lastEdited, setLastEdited] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.deleteWebhookEndpoint(endpoint.id),
    onSuccess: async () => {
      toast({ title: 'Endpoint deleted' });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Failed to delete the endpoint'), variant: 'destructive' }),
  });

  const edit = (target: WebhookEndpoint | 'new') => {
    setLastEdited(target === 'new' ? null : target);
    setEditing(target);
  };

  return (
    <Card component="section" aria-labelledby="webhooks-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <SectionHeader
          id="webhooks-heading"
          title="Webhooks"
          subtitle="Tell other systems when something happens: each event is sent as a signed POST to the endpoints that listen for it."
          action={
            <Button variant="contained" startIcon={<Add />} onClick={() => edit('new')}>
              Add endpoint
            </Button>
          }
        />
        {endpoints.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading webhook endpoints" />
          </Box>
        ) : endpoints.isError ? (
          <Alert severity="error">{serverMessage(endpoints.error, 'Failed to load the webhook endpoints')}</Alert>
        ) : endpoints.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No webhook endpoints yet.
          </Typography>
        ) : (
          <List aria-label="Webhook endpoints" disablePadding>
            {endpoints.data.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} onEdit={() => edit(endpoint)} onDelete={() => setDeleting(endpoint)} />
            ))}
          </List>
        )}
      </CardContent>
      <MountWhenOpened when={editing !== null}>
        <EndpointFormDialog
          open={editing !== null}
          endpoint={editing === 'new' ? null : (editing ?? lastEdited)}
          onClose={() => setEditing(null)}
        />
      </MountWhenOpened>
      <MountWhenOpened when={deleting !== null}>
        <ConfirmDialog
          open={deleting !== null}
          title="Delete endpoint"
          text={`${deleting?.url ?? ''} will receive no more events, and its delivery log is removed. This cannot be undone.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => deleting && remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      </MountWhenOpened>
    </Card>
  );
}

function EndpointItem({ endpoint, onEdit, onDelete }: { endpoint: WebhookEndpoint; onEdit: () => void; onDelete: () => void }) {
  const api = useIntegrationsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();
  const urlId = useId();

  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.updateWebhookEndpoint(endpoint.id, { enabled }),
    onSuccess: async (saved) => {
      toast({ title: saved.enabled ? 'Endpoint enabled' : 'Endpoint disabled' });
      await queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Failed to change the endpoint'), variant: 'destructive' }),
  });

  const test = useMutation({
    mutationFn: () => api.sendTestEvent(endpoint.id),
    onSuccess: async () => {
      toast({ title: 'Test event sent', description: 'A ping event is on its way; its delivery is in the log.' });
      setLogOpen(true);
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Failed to send a test event'), variant: 'destructive' }),
  });

  const enabled = toggle.isPending && toggle.variables !== undefined ? toggle.variables : endpoint.enabled;

  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5 }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id={urlId} component="h3" sx={{ fontFamily: MONO, fontSize: '0.95rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Typography>
          {endpoint.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
              {endpoint.description}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            Created {formatDateTime(endpoint.createdAt)}
          </Typography>
        </Box>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              checked={enabled}
              disabled={toggle.isPending}
              onChange={(event) => toggle.mutate(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': urlId } }}
            />
          }
          label={enabled ? 'Enabled' : 'Disabled'}
        />
      </Box>
      <Box component="ul" aria-label="Events" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {endpoint.events.map((event) => (
          <li key={event}>
            <Chip size="small" label={event} variant="outlined" sx={{ fontFamily: MONO, fontSize: '0.75rem' }} />
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button size="small" variant="outlined" onClick={() => test.mutate()} disabled={test.isPending || !endpoint.enabled}>
          {test.isPending ? 'Sending...' : 'Send test event'}
        </Button>
        <Button
          size="small"
          variant="outlined"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button size="small" onClick={onEdit} aria-describedby={urlId}>
          Edit
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-describedby={urlId}>
          Delete
        </Button>
      </Box>
      {logOpen && (
        <Box id={logId} sx={{ mt: 1.5 }}>
          <MountWhenOpened when fallback={<CircularProgress size={20} aria-label="Loading deliveries" />}>
            <DeliveryLog endpointId={endpoint.id} />
          </MountWhenOpened>
        </Box>
      )}
    </ListItem>
  );
}
