import Box from '@mui/material/Box';
import { Title } from 'react-admin';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ApiTokensCard } from './ApiTokensCard';
import { WebhooksCard } from './WebhooksCard';

/**
 * Integrations (/admin/integrations, CONTRACT §9): API tokens and webhook endpoints. Lists are cards
 * of list items that wrap on phones (no wide tables); dialogs and delivery logs load on first use.
 */
export function IntegrationsPage() {
  return (
    // a grid whose one column may shrink to 0: long URLs wrap inside their cards on phones
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Integrations" />
      <PageHeader title="Integrations" subtitle="API tokens for your own tools, and webhooks that tell other systems what happens." />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
        <ApiTokensCard />
        <WebhooksCard />
      </Box>
    </Box>
  );
}

export default IntegrationsPage;
