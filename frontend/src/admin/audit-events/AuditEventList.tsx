import Close from '@mui/icons-material/Close';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, ListBase, Pagination, Title, useListContext, useNotify } from 'react-admin';
import type { AuditEvent } from '../../shared/api/schema';
import { formatDateTime } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ListSearch } from '../shared/ListSearch';
import { serverMessage } from '../shared/toast';
import { ACTION_CHOICES, actionLabel } from './actions';
import { DEFAULT_AUDIT_SORT, useAuditEventsApi, type AuditEventsFilter } from './dataProvider';

export const AUDIT_EVENTS_PER_PAGE = 25;
/** Who did it, when no account did: the system, a visitor or the card provider's webhook. */
export const NO_ACTOR = 'System';
const SEARCH_DELAY_MS = 300;

const Column = DataTable.Col<AuditEvent>;

/** The browser's IANA time zone: the server reads the From and To days in it. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `filters` with `key` set to `value`, or without it when `value` is empty. */
function withFilter(filters: Record<string, unknown>, key: keyof AuditEventsFilter, value: unknown): Record<string, unknown> {
  const { [key]: _old, ...rest } = filters;
  return value === '' || value === null || value === undefined ? rest : { ...rest, [key]: value };
}

/** Export: the backend's CSV of every event matching the filters (as Payment History's Export does). */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext<AuditEvent>();
  const api = useAuditEventsApi();
  const notify = useNotify();
  const exportCsv = useMutation({
    mutationFn: () => api.exportAuditEventsCsv({ ...(filterValues as AuditEventsFilter), tz: browserTimeZone() }, sort),
    onError: (e) => notify(e instanceof Error && e.message ? e.message : 'Export failed', { type: 'error' }),
  });
  return (
    <Button
      variant="outlined"
      startIcon={exportCsv.isPending ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
      onClick={() => exportCsv.mutate()}
      disabled={exportCsv.isPending}
      sx={{ bgcolor: 'background.paper' }}
    >
      Export
    </Button>
  );
}

/**
 * The filters of CONTRACT §8: text (summary or actor e-mail), action, from and to (days, `to` included);
 * the actor is chosen by clicking an actor in the table and shown as a chip that removes it.
 */
function Filters() {
  const { filterValues, setFilters, displayedFilters, data } = useListContext<AuditEvent>();
  const set = (key: keyof AuditEventsFilter, value: unknown) => setFilters(withFilter(filterValues, key, value), displayedFilters, false);
  const text = (key: 'action' | 'from' | 'to') => (typeof filterValues[key] === 'string' ? (filterValues[key] as string) : '');
  const actorId = filterValues.actorId;
  // every row shown is the actor's once the filter is on
  const actorEmail = data?.find((e) => String(e.actorId) === String(actorId))?.actorEmail ?? `#${String(actorId)}`;
  return (
    // useFlexGap: the gaps stay even when the row wraps (spacing's margins would indent the wrapped fields)
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
      <ListSearch
        placeholder="Search summary or email"
        label="Search the activity log"
        clearable
        sx={{ flex: 1, minWidth: { sm: 220 }, maxWidth: { md: 320 } }}
      />
      <TextField
        select
        label="Action"
        size="small"
        value={text('action')}
        onChange={(e) => set('action', e.target.value)}
        sx={{ minWidth: 200, width: { md: 240 } }}
      >
        <MenuItem value="">All actions</MenuItem>
        {ACTION_CHOICES.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {(['from', 'to'] as const).map((key) => (
        <TextField
          key={key}
          label={key === 'from' ? 'From' : 'To'}
          type="date"
          size="small"
          value={text(key)}
          onChange={(e) => set(key, e.target.value)}
          sx={{ width: 170 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } }}
        />
      ))}
      {actorId !== undefined && actorId !== '' && (
        <Chip
          label={`Actor: ${actorEmail}`}
          onDelete={() => set('actorId', '')}
          deleteIcon={<Close aria-label="Show every actor" />}
          sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
        />
      )}
    </Stack>
  );
}

/** `token:<id> <name>` (CONTRACT §12) as the Activity Log says it: 'via API token "<name>"'. */
export const viaLabel = (via: string | null) => {
  const token = via ? /^token:\d+ (.*)$/.exec(via) : null;
  return token ? `via API token "${token[1]}"` : via;
};

/** An actor's address: a click shows only that actor's events (the Actor filter); an API token's act says so below. */
function ActorCell({ event }: { event: AuditEvent }) {
  const via = viaLabel(event.via);
  return (
    <>
      <ActorLink event={event} />
      {via && (
        <Typography variant="caption" color="text.secondary" display="block" sx={{ overflowWrap: 'anywhere' }}>
          {via}
        </Typography>
      )}
    </>
  );
}

function ActorLink({ event }: { event: AuditEvent }) {
  const { filterValues, setFilters, displayedFilters } = useListContext<AuditEvent>();
  if (event.actorId === null) return <>{event.actorEmail ?? NO_ACTOR}</>;
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      title="Show only this actor's events"
      onClick={() => setFilters({ ...filterValues, actorId: event.actorId }, displayedFilters, false)}
      sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
    >
      {event.actorEmail ?? `#${event.actorId}`}
    </Link>
  );
}

const target = (e: AuditEvent) => (e.targetType ? `${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}` : '');

function AuditEventListView() {
  const { isFetching, error } = useListContext<AuditEvent>();
  return (
    // a grid whose one column may shrink to 0: the table scrolls sideways inside its card on phones
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Activity Log" />
      <PageHeader title="Activity Log" subtitle="Who changed what in the studio, and when" actions={<ExportCsvButton />} />
      <Card sx={{ overflow: 'hidden' }}>
        <Filters />
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading activity" />}</Box>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {serverMessage(error, 'Failed to load the activity log')}
          </Alert>
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
              '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
              '& td, & th': { py: 1.25 },
            }}
          >
            <Column source="at" label="Date" sx={{ whiteSpace: 'nowrap' }} render={(e) => formatDateTime(e.at)} />
            {/* wide enough that an address breaks at its @ or dots, not letter by letter, on a phone */}
            <Column source="actorEmail" label="Actor" disableSort sx={{ minWidth: 190 }} render={(e) => <ActorCell event={e} />} />
            <Column
              source="action"
              label="Action"
              render={(e) => <Chip label={actionLabel(e.action)} size="small" variant="outlined" sx={{ fontWeight: 600 }} />}
            />
            <Column source="summary" label="Summary" disableSort sx={{ minWidth: 240, maxWidth: 440, wordBreak: 'break-word' }} />
            {/* on phones the table keeps date, actor, action and summary; target and address are in the CSV */}
            <Column
              source="targetType"
              label="Target"
              disableSort
              sx={{ whiteSpace: 'nowrap', display: { xs: 'none', lg: 'table-cell' } }}
              render={target}
            />
            <Column
              source="ip"
              label="IP Address"
              disableSort
              sx={{ color: 'text.secondary', display: { xs: 'none', lg: 'table-cell' } }}
              render={(e) => e.ip ?? ''}
            />
          </DataTable>
        )}
        <Pagination rowsPerPageOptions={[AUDIT_EVENTS_PER_PAGE, 50, 100]} />
      </Card>
    </Box>
  );
}

/** /admin/audit-events, 'Activity Log' (CONTRACT §8): read-only, filtered, sorted and paged on the server. */
export function AuditEventList() {
  const permanent = useMemo(() => ({ tz: browserTimeZone() }), []);
  return (
    <ListBase<AuditEvent>
      resource="audit-events"
      perPage={AUDIT_EVENTS_PER_PAGE}
      sort={DEFAULT_AUDIT_SORT}
      filter={permanent}
      debounce={SEARCH_DELAY_MS}
    >
      <AuditEventListView />
    </ListBase>
  );
}
