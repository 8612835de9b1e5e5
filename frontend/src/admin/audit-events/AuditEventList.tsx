import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  type DataProvider,
} from 'react-admin';
import type { AuditEvent } from '../../shared/api/schema';
import { formatDateTime } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ACTION_CHOICES, actionLabel } from './actions';
import { DEFAULT_AUDIT_SORT, type AuditEventsFilter, type AuditEventsMethods } from './dataProvider';

export const AUDIT_EVENTS_PER_PAGE = 25;
/** Who did it, when no account did: the system, a visitor or the card provider's webhook. */
export const NO_ACTOR = 'System';

const Column = DataTable.Col<AuditEvent>;

/** The filters of CONTRACT §8: text (summary or actor e-mail), action, actor, from and to (days, `to` included). */
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search summary or email" />,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} alwaysOn emptyText="All actions" />,
  <ReferenceInput key="actorId" source="actorId" reference="clients" label="Actor">
    <AutocompleteInput label="Actor" optionText="email" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
  <DateInput key="from" source="from" label="From" />,
  <DateInput key="to" source="to" label="To" />,
];

/** The browser's IANA time zone: the server reads the From and To days in it. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Export: the backend's CSV of every event matching the filters (as Payment History's Export does). */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext<AuditEvent>();
  const dataProvider = useDataProvider<DataProvider & AuditEventsMethods>();
  const notify = useNotify();
  const exportCsv = useMutation({
    mutationFn: () => dataProvider.exportAuditEventsCsv({ ...(filterValues as AuditEventsFilter), tz: browserTimeZone() }, sort),
    onError: (e) => notify(e instanceof Error && e.message ? e.message : 'Export failed', { type: 'error' }),
  });
  return (
    <Button
      size="small"
      startIcon={exportCsv.isPending ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
      onClick={() => exportCsv.mutate()}
      disabled={exportCsv.isPending}
    >
      Export
    </Button>
  );
}

function AuditActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

function ActionChip({ action }: { action: string }) {
  return <Chip label={actionLabel(action)} size="small" variant="outlined" sx={{ fontWeight: 600 }} />;
}

const target = (e: AuditEvent) => (e.targetType ? `${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}` : '');

/** /admin/audit-events, 'Activity Log' (CONTRACT §8): read-only, filtered, sorted and paged on the server. */
export function AuditEventList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const permanent = useMemo(() => ({ tz: browserTimeZone() }), []);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader title="Activity Log" subtitle="Who changed what in the studio, and when" />
      <List<AuditEvent>
        resource="audit-events"
        title="Activity Log"
        filters={filters}
        filter={permanent}
        sort={DEFAULT_AUDIT_SORT}
        perPage={AUDIT_EVENTS_PER_PAGE}
        actions={<AuditActions />}
        exporter={false}
        empty={false}
      >
        {phone ? (
          <SimpleList<AuditEvent>
            rowClick={false}
            primaryText={(e) => e.summary}
            secondaryText={(e) => `${e.actorEmail ?? NO_ACTOR} · ${actionLabel(e.action)}`}
            tertiaryText={(e) => formatDateTime(e.at)}
          />
        ) : (
          <DataTable<AuditEvent>
            rowClick={false}
            bulkActionButtons={false}
            hover
            size="small"
            aria-label="Activity"
            empty={
              <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
                No activity found
              </Typography>
            }
            sx={{
              '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
              '& .RaDataTable-table': { minWidth: 900 },
              '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
            }}
          >
            <Column source="at" label="Date" sx={{ whiteSpace: 'nowrap' }} render={(e) => formatDateTime(e.at)} />
            <Column source="actorEmail" label="Actor" disableSort render={(e) => e.actorEmail ?? NO_ACTOR} />
            <Column source="action" label="Action" render={(e) => <ActionChip action={e.action} />} />
            <Column source="summary" label="Summary" disableSort sx={{ maxWidth: 420, wordBreak: 'break-word' }} />
            <Column source="targetType" label="Target" disableSort sx={{ whiteSpace: 'nowrap' }} render={target} />
            <Column source="ip" label="IP Address" disableSort sx={{ color: 'text.secondary' }} render={(e) => e.ip ?? ''} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
