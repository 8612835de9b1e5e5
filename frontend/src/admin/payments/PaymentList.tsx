import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  ListBase,
  Pagination,
  useDataProvider,
  useListContext,
  useNotify,
  type DataProvider,
} from 'react-admin';
import { Title } from 'react-admin';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import type { PaymentsMethods } from './dataProvider';
import {
  DEFAULT_PAYMENT_SORT,
  orderOfSort,
  sortForOrder,
  toRequestFilter,
  withDay,
  withSearch,
  type DateOrder,
} from './paymentFilters';
import { PaymentStatusChip } from './PaymentStatusChip';
import { RevenueCard } from './RevenueCard';
import type { Payment, PaymentsFilter } from './types';

/** Server paging: 25 rows a page. */
export const PAYMENTS_PER_PAGE = 25;
const SEARCH_DELAY_MS = 300;

const columns = [
  { label: 'ID' },
  { label: 'Date' },
  { label: 'Project' },
  { label: 'Client' },
  { label: 'Amount', align: 'right' as const },
  { label: 'Payment Method' },
  { label: 'Status' },
];

type PaymentsDataProvider = DataProvider & PaymentsMethods;

function SearchBox() {
  const { filterValues, setFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);

  useEffect(() => {
    if (text.trim() === current) return;
    const timer = setTimeout(() => setFilters(withSearch(filterValues, text), undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, current, filterValues, setFilters]);

  return (
    <TextField
      placeholder="Search payments..."
      value={text}
      onChange={(e) => setText(e.target.value)}
      variant="outlined"
      size="small"
      sx={{ flex: 1, minWidth: { sm: 220 }, maxWidth: { md: 360 } }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search payments', type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function Toolbar() {
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const day = typeof filterValues.day === 'string' ? filterValues.day : '';
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap', rowGap: 2 }}
    >
      <SearchBox />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Sort by date"
        value={orderOfSort(sort)}
        onChange={(_event, order: DateOrder | null) => {
          if (order) setSort(sortForOrder(order));
        }}
      >
        <ToggleButton value="newest">Newest First</ToggleButton>
        <ToggleButton value="oldest">Oldest First</ToggleButton>
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label="Date"
          type="date"
          variant="outlined"
          size="small"
          value={day}
          onChange={(e) => setFilters(withDay(filterValues, e.target.value), undefined)}
          sx={{ width: 190 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } }}
        />
        {day && (
          <Button
            size="small"
            onClick={() => setFilters(withDay(filterValues, null), undefined)}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Clear Filter
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <TableRow key={i}>
          {columns.map((c) => (
            <TableCell key={c.label}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

function PaymentListView() {
  const { data, isPending, isFetching, error, filterValues, sort } = useListContext<Payment>();
  const dataProvider = useDataProvider<PaymentsDataProvider>();
  const notify = useNotify();
  const requestFilter = useMemo(() => toRequestFilter(filterValues as PaymentsFilter), [filterValues]);

  const summary = useQuery({
    queryKey: ['payments', 'summary', requestFilter],
    queryFn: () => dataProvider.getPaymentsSummary(requestFilter).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

  const exportCsv = useMutation({
    mutationFn: () => dataProvider.exportPaymentsCsv(requestFilter, sort),
    onError: (e) => notify(e instanceof Error && e.message ? e.message : 'Export failed', { type: 'error' }),
  });

  const rows = data ?? [];
  return (
    // a grid whose one column may shrink to 0: the page never grows wider than the screen, the
    // table scrolls sideways inside its card instead
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Payment History" />
      <PageHeader
        title="Payment History"
        subtitle="Track all your revenue and transactions"
        actions={
          <Button
            variant="outlined"
            startIcon={exportCsv.isPending ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
            onClick={() => exportCsv.mutate()}
            disabled={exportCsv.isPending}
            sx={{ bgcolor: 'background.paper' }}
          >
            Export
          </Button>
        }
      />
      <RevenueCard summary={summary.data} loading={summary.isPending} failed={summary.isError} />
      <Card sx={{ overflow: 'hidden' }}>
        <Toolbar />
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading payments" />}</Box>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            Failed to load payments. Please try again later.
          </Alert>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 860, '& td, & th': { py: 1.25 } }} aria-label="Payments">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.label} align={c.align} sx={{ whiteSpace: 'nowrap' }}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {isPending ? (
                  <SkeletonRows />
                ) : rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={columns.length} align="center" sx={{ py: 6 }}>
                      <Typography color="text.secondary">No payments found</Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((payment) => (
                    <TableRow key={payment.id} hover>
                      <TableCell sx={{ color: 'text.secondary' }}>#{payment.id}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(payment.paymentDate)}</TableCell>
                      <TableCell sx={{ fontWeight: 600, maxWidth: 240, wordBreak: 'break-word' }}>
                        {payment.projectName || 'Unknown Project'}
                      </TableCell>
                      <TableCell>{payment.clientName || 'Unknown Client'}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {formatCurrency(payment.amount)}
                      </TableCell>
                      <TableCell>{payment.method || (payment.stripePaymentId ? 'Stripe' : 'Manual')}</TableCell>
                      <TableCell>
                        <PaymentStatusChip status={payment.status} />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Pagination rowsPerPageOptions={[]} />
      </Card>
    </Box>
  );
}

/** /admin/payments (spec §2 "Admin Payment History"): filtered, sorted and paged on the server. */
export function PaymentList() {
  return (
    <ListBase perPage={PAYMENTS_PER_PAGE} sort={DEFAULT_PAYMENT_SORT}>
      <PaymentListView />
    </ListBase>
  );
}
