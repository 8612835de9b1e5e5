import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../shared/ui/formatters';
import { serverMessage, useAdminToast } from '../shared/toast';
import { useIntegrationsApi } from './dataProvider';
import { scopeLabel } from './labels';
import { ConfirmDialog, CreateTokenDialog, MountWhenOpened } from './lazy';
import { TOKENS_KEY } from './queries';
import { SectionHeader } from './SectionHeader';
import type { ApiToken } from './types';

export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** API tokens (CONTRACT §9): the live ones with Revoke, and 'Create token'. */
export function ApiTokensCard() {
  const api = useIntegrationsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: api.getApiTokens });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const revoke = useMutation({
    mutationFn: (token: ApiToken) => api.revokeApiToken(token.id),
    onSuccess: async (_nothing, token) => {
      toast({ title: 'Token revoked', description: `"${token.name}" no longer works.` });
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Failed to revoke the token'), variant: 'destructive' }),
  });

  return (
    <Card component="section" aria-labelledby="api-tokens-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <SectionHeader
          id="api-tokens-heading"
          title="API tokens"
          subtitle="Let your own scripts and tools call the API with your rights: send the token as 'Authorization: Bearer <token>'."
          action={
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              Create token
            </Button>
          }
        />
        {tokens.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading API tokens" />
          </Box>
        ) : tokens.isError ? (
          <Alert severity="error">{serverMessage(tokens.error, 'Failed to load the API tokens')}</Alert>
        ) : tokens.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No API tokens yet.
          </Typography>
        ) : (
          <List aria-label="API tokens" disablePadding>
            {tokens.data.map((token) => (
              <ListItem
                key={token.id}
                divider
                disableGutters
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, py: 1.75 }}
              >
                <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Typography>
                    <Chip
                      size="small"
                      label={scopeLabel(token.scope)}
                      color={token.scope === 'write' ? 'warning' : 'default'}
                      variant="outlined"
                      sx={{ fontWeight: 600 }}
                    />
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    <Box component="span" sx={{ fontFamily: MONO }}>
                      {token.hint}…
                    </Box>
                  </Typography>
                  <Box
                    component="dl"
                    sx={{
                      m: 0,
                      mt: 0.75,
                      display: 'flex',
                      flexWrap: 'wrap',
                      columnGap: 2.5,
                      rowGap: 0.25,
                      typography: 'body2',
                      color: 'text.secondary',
                      '& dt': { fontWeight: 600, mr: 0.5, display: 'inline' },
                      '& dd': { m: 0, display: 'inline' },
                    }}
                  >
                    <div>
                      <dt>Created</dt>
                      <dd>{formatDateTime(token.createdAt)}</dd>
                    </div>
                    <div>
                      <dt>Expires</dt>
                      <dd>{token.expiresAt ? formatDateTime(token.expiresAt) : 'Never'}</dd>
                    </div>
                    <div>
                      <dt>Last used</dt>
                      <dd>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</dd>
                    </div>
                  </Box>
                </Box>
                <Button
                  variant="outlined"
                  color="error"
                  size="small"
                  onClick={() => setRevoking(token)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <MountWhenOpened when={creating}>
        <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      </MountWhenOpened>
      <MountWhenOpened when={revoking !== null}>
        <ConfirmDialog
          open={revoking !== null}
          title="Revoke token"
          text={`"${revoking?.name ?? ''}" will stop working at once, for every script or tool that uses it. This cannot be undone.`}
          confirmLabel="Revoke"
          pendingLabel="Revoking..."
          pending={revoke.isPending}
          onConfirm={() => revoking && revoke.mutate(revoking)}
          onClose={() => setRevoking(null)}
        />
      </MountWhenOpened>
    </Card>
  );
}
