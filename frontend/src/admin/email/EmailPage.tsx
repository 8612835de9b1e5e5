import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState, type ComponentType } from 'react';
import { Title } from 'react-admin';
import { PageHeader } from '../../shared/ui/PageHeader';
import { CustomEmailTab } from './CustomEmailTab';
import { InviteClientsTab } from './InviteClientsTab';
import { Outbox } from './Outbox';
import { SystemInfoTab } from './SystemInfoTab';
import { TestEmailsTab } from './TestEmailsTab';

const TABS: { id: string; label: string; Panel: ComponentType }[] = [
  { id: 'invite', label: 'Invite Clients', Panel: InviteClientsTab },
  { id: 'custom', label: 'Custom Email', Panel: CustomEmailTab },
  { id: 'test', label: 'Test Emails', Panel: TestEmailsTab },
  { id: 'info', label: 'System Info', Panel: SystemInfoTab },
];

/**
 * Email System (/admin/email, spec §2 "Admin E-mail system"): four tabs, and below them the outbox
 * of every stored e-mail. A tab is mounted when first opened and then kept, so what the admin typed
 * survives switching tabs (and the status check, which connects to the mail server, runs only when
 * a tab showing it is opened).
 */
export function EmailPage() {
  const [tab, setTab] = useState(TABS[0]!.id);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([TABS[0]!.id]));
  const baseId = useId();

  const select = (id: string) => {
    setTab(id);
    setOpened((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
  };

  return (
    // a grid whose one column may shrink to 0: tables scroll inside their cards on phones
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Email System" />
      <PageHeader title="Email System" subtitle="Invite clients, send emails and follow every message in the outbox." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: string) => select(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Email System sections"
        >
          {TABS.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              id={`${baseId}-tab-${t.id}`}
              aria-controls={`${baseId}-panel-${t.id}`}
              sx={{ textTransform: 'none', fontWeight: 600 }}
            />
          ))}
        </Tabs>
      </Box>
      {TABS.map(({ id, Panel }) => (
        <Box
          key={id}
          role="tabpanel"
          id={`${baseId}-panel-${id}`}
          aria-labelledby={`${baseId}-tab-${id}`}
          hidden={tab !== id}
          sx={{ minWidth: 0 }}
        >
          {opened.has(id) && <Panel />}
        </Box>
      ))}
      <Box sx={{ mt: 3, minWidth: 0 }}>
        <Outbox />
      </Box>
    </Box>
  );
}

export default EmailPage;
