import Close from '@mui/icons-material/Close';
import Replay from '@mui/icons-material/Replay';
import Search from '@mui/icons-material/Search';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from 'react-admin';
import { formatDateTime } from '../../shared/ui/formatters';
import { hideNativeClear } from '../shared/ListSearch';
import { serverMessage, useAdminToast } from '../shared/toast';
import { useDebouncedSearch } from '../shared/useDebouncedSearch';
import { useEmailApi } from './dataProvider';
import { isInFlight, kindLabel } from './labels';
import { OutboxEmailDialog } from './OutboxEmailDialog';
import { OutboxStatusChip } from './OutboxStatusChip';
import { OUTBOX_KEY, outboxPageKey } from './queries';
import { TabPanelCard } from './TabPanelCard';
import type { OutboxEmail, OutboxPage, OutboxQuery, OutboxStatus } from './types';

export const OUTBOX_ROWS_PER_PAGE = [10, 25, 50];
export const OUTBOX_DEFAULT_PER_PAGE = 25;
/** While a visible row is pending or sending, the page asks again this often. */
export const OUTBOX_POLL_MS = 3000;
const SEARCH_DELAY_MS = 300;

type StatusFilter = 'all' | OutboxStatus;

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'logged', label: 'Logged' },
  { value: 'failed', label: 'Failed' },
];

const Column = DataTable.Col<OutboxEmail>;

/** Polls only while one of the shown messages is still on its way. */
export const outboxRefetchInterval = (page: OutboxPage | undefined): number | false =>
  page?.data.some((row) => isInFlight(row.status)) ? OUTBOX_POLL_MS : false;

function LastError({ text }: { text: string | null }) {
  if (!text) return <Typography color="text.disabled">-</Typography>;
  return (
    <Tooltip title={text} describeChild>
      <Typography variant="body2" color="error" sx={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
    </Tooltip>
  );
}

/** Outbox: every stored e-mail with its delivery state, newest first, paged on the server. */
export function Outbox() {
  const api = useEmailApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(OUTBOX_DEFAULT_PER_PAGE);
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [viewing, setViewing] = useState<OutboxEmail | null>(null);
  // the search is sent once typing pauses
  const { searchText, setSearchText, q, clear } = useDebouncedSearch(SEARCH_DELAY_MS, () => setPage(0));

  const query: OutboxQuery = { page, perPage, q, status: statusFilter === 'all' ? '' : statusFilter };
  const outbox = useQuery({
    queryKey: outboxPageKey(query),
    queryFn: () => api.getOutbox(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => outboxRefetchInterval(current.state.data),
    retry: false,
  });

  const resend = useMutation({
    mutationFn: (id: number) => api.resendOutboxEmail(id),
    onSuccess: (result) => {
      if (result.success) {
        toast({ title: 'Email queued again', description: result.message });
      } else {
        toast({ title: 'Failed to Resend Email', description: result.message || 'An error occurred', variant: 'destructive' });
      }
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Failed to resend email'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });

  const rows = outbox.data?.data ?? [];
  const total = outbox.data?.total ?? 0;
  const filtered = q !== '' || statusFilter !== 'all';

  // a page past the end (rows gone, a smaller total) goes back to the last page
  // (adjusted while rendering, as React recommends for state that follows other values)
  if (outbox.data && page > 0 && page * perPage >= total) setPage(Math.max(0, Math.ceil(total / perPage) - 1));

  return (
    <TabPanelCard title="Outbox" subtitle="Every email is stored here first, then sent; failed emails are retried automatically.">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            placeholder="Search by recipient or subject"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            size="small"
            // one clear button: MUI's, not the browser's own as well
            sx={[hideNativeClear, { flex: 1, minWidth: { md: 240 }, maxWidth: { md: 400 } }]}
            slotProps={{
              htmlInput: { 'aria-label': 'Search by recipient or subject', type: 'search', enterKeyHint: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: searchText ? (
                  <InputAdornment position="end">
                    <IconButton aria-label="Clear search" size="small" edge="end" onClick={clear}>
                      <Close fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-label="Filter by status"
              value={statusFilter}
              onChange={(_event, next: StatusFilter | null) => {
                if (next) {
                  setStatusFilter(next);
                  setPage(0);
                }
              }}
            >
              {STATUS_FILTERS.map((f) => (
                <ToggleButton key={f.value} value={f.value} sx={{ whiteSpace: 'nowrap', px: 1.5 }}>
                  {f.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        </Stack>

        <Box sx={{ height: 4 }}>{outbox.isFetching && !outbox.isPending && <LinearProgress aria-label="Loading emails" />}</Box>

        {outbox.isError ? (
          <Alert severity="error" role="alert">
            Failed to load the outbox: {serverMessage(outbox.error, 'please try again later.')}
          </Alert>
        ) : (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
            <DataTable<OutboxEmail>
              resource="email-outbox"
              data={rows}
              total={total}
              isPending={outbox.isPending}
              rowClick={false}
              bulkActionButtons={false}
              hover
              size="small"
              aria-label="Outbox"
              empty={
                <Typography align="center" color="text.secondary" sx={{ py: 5 }}>
                  {filtered ? 'No emails match these filters.' : 'No emails yet.'}
                </Typography>
              }
              sx={{
                '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
                '& .RaDataTable-table': { minWidth: 960 },
                '& td, & th': { py: 1 },
                '& .RaDataTable-headerCell': { whiteSpace: 'nowrap', fontWeight: 700 },
              }}
            >
              <Column
                source="createdAt"
                label="Date"
                disableSort
                sx={{ whiteSpace: 'nowrap' }}
                render={(row) => formatDateTime(row.createdAt)}
              />
              <Column source="to" label="Recipient" disableSort sx={{ minWidth: 150, maxWidth: 220, overflowWrap: 'anywhere' }} />
              <Column
                source="subject"
                label="Subject"
                disableSort
                sx={{ minWidth: 190, maxWidth: 300, overflowWrap: 'break-word', fontWeight: 600 }}
              />
              <Column source="kind" label="Type" disableSort sx={{ whiteSpace: 'nowrap' }} render={(row) => kindLabel(row.kind)} />
              <Column source="status" label="Status" disableSort render={(row) => <OutboxStatusChip status={row.status} />} />
              <Column
                source="attempts"
                label="Tries"
                disableSort
                align="right"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
                render={(row) => row.attempts}
              />
              <Column source="lastError" label="Last error" disableSort render={(row) => <LastError text={row.lastError} />} />
              <Column
                label="Actions"
                disableSort
                sx={{ whiteSpace: 'nowrap' }}
                render={(row) => {
                  const resending = resend.isPending && resend.variables === row.id;
                  return (
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      {row.status === 'failed' && (
                        <Button
                          size="small"
                          startIcon={<Replay fontSize="small" />}
                          disabled={resending}
                          onClick={() => resend.mutate(row.id)}
                        >
                          {resending ? 'Resending...' : 'Resend'}
                        </Button>
                      )}
                      <Tooltip title="View email">
                        <IconButton size="small" aria-label="View email" onClick={() => setViewing(row)}>
                          <VisibilityOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  );
                }}
              />
            </DataTable>
            <TablePagination
              component="div"
              count={total}
              page={Math.min(page, Math.max(0, Math.ceil(total / perPage) - 1))}
              rowsPerPage={perPage}
              rowsPerPageOptions={OUTBOX_ROWS_PER_PAGE}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPerPage(Number.parseInt(event.target.value, 10));
                setPage(0);
              }}
            />
          </Box>
        )}
      </Stack>
      <OutboxEmailDialog email={viewing} onClose={() => setViewing(null)} />
    </TabPanelCard>
  );
}
