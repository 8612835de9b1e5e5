import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DataTable, ListBase, Pagination, Title, useListContext, useNotify } from 'react-admin';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { usePaymentsApi } from './dataProvider';
import { DEFAULT_PAYMENT_SORT, orderOfSort, sortForOrder, toRequestFilter, withDay, withSearch, type DateOrder } from './paymentFilters';
import { ListSearch } from '../shared/ListSearch';
import { PaymentStatusChip } from './PaymentStatusChip';
import { paidFor } from './paidFor';
import { RevenueCard } from './RevenueCard';
import { isRefundable, type Payment, type PaymentsFilter } from './types';

// The refund dialog (its form, its list of refunds) is fetched on the first 'Refund' click, not with
// the page, through a loader chunk that holds its preload list: Payment History's first load stays within
// its budget (decision 0032).
const RefundDialog = lazy(() => import('./loadRefundDialog').then((m) => m.loadRefundDialog()));

/** Server paging: 25 rows a page. */
export const PAYMENTS_PER_PAGE = 25;
const SEARCH_DELAY_MS = 300;

const Column = DataTable.Col<Payment>;

function Toolbar() {
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const day = typeof filterValues.day === 'string' ? filterValues.day : '';
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' }, flexWrap: 'wrap', rowGap: 2 }}>
      <ListSearch
        placeholder="Search payments..."
        label="Search payments"
        apply={(filters, text) => withSearch(filters as PaymentsFilter, text) as Record<string, unknown>}
        sx={{ flex: 1, minWidth: { sm: 220 }, maxWidth: { md: 360 } }}
      />
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

function PaymentListView() {
  const { isFetching, error, filterValues, sort } = useListContext<Payment>();
  const api = usePaymentsApi();
  const notify = useNotify();
  const requestFilter = useMemo(() => toRequestFilter(filterValues as PaymentsFilter), [filterValues]);

  const summary = useQuery({
    queryKey: ['payments', 'summary', requestFilter],
    queryFn: () => api.getPaymentsSummary(requestFilter).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const openRefund = (payment: Payment) => {
    setDialogLoaded(true);
    setRefunding(payment);
  };

  const exportCsv = useMutation({
    mutationFn: () => api.exportPaymentsCsv(requestFilter, sort),
    onError: (e) => notify(e instanceof Error && e.message ? e.message : 'Export failed', { type: 'error' }),
  });

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
          // the date order is chosen with Newest First / Oldest First: the headers do not sort
          <DataTable<Payment>
            rowClick={false}
            bulkActionButtons={false}
            hover
            size="small"
            aria-label="Payments"
            empty={
              <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
                No payments found
              </Typography>
            }
            sx={{
              '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
              '& .RaDataTable-table': { minWidth: 960 },
              '& td, & th': { py: 1.25 },
              '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
            }}
          >
            <Column source="id" label="ID" disableSort sx={{ color: 'text.secondary' }} render={(payment) => `#${payment.id}`} />
            <Column
              source="paymentDate"
              label="Date"
              disableSort
              sx={{ whiteSpace: 'nowrap' }}
              render={(payment) => formatDate(payment.paymentDate)}
            />
            <Column
              source="projectName"
              label="Project"
              disableSort
              sx={{ fontWeight: 600, maxWidth: 240, wordBreak: 'break-word' }}
              render={paidFor}
            />
            <Column source="clientName" label="Client" disableSort render={(payment) => payment.clientName || 'Unknown Client'} />
            <Column
              source="amount"
              label="Amount"
              disableSort
              align="right"
              sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              render={(payment) => (
                <>
                  {formatCurrency(payment.amount)}
                  {payment.refundedAmount > 0 && (
                    <Typography variant="caption" component="div" color="text.secondary" sx={{ fontWeight: 400 }}>
                      {formatCurrency(payment.refundedAmount)} refunded
                    </Typography>
                  )}
                </>
              )}
            />
            <Column
              source="method"
              label="Payment Method"
              disableSort
              render={(payment) => payment.method || (payment.stripePaymentId ? 'Stripe' : 'Manual')}
            />
            <Column source="status" label="Status" disableSort render={(payment) => <PaymentStatusChip status={payment.status} />} />
            <Column source="receiptNumber" label="Receipt" disableSort render={(payment) => <ReceiptLink payment={payment} />} />
            <Column
              source="refundedAmount"
              label="Refunds"
              disableSort
              render={(payment) => <RefundButton payment={payment} onOpen={openRefund} />}
            />
          </DataTable>
        )}
        <Pagination rowsPerPageOptions={[]} />
      </Card>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * 'Receipt' on a completed payment's row (CONTRACT §11): the PDF, downloaded by a plain link with the
 * session cookie (the file is named receipt-R-000123.pdf by the server). Its name says which receipt.
 */
function ReceiptLink({ payment }: { payment: Payment }) {
  if (!payment.receiptNumber) return null;
  return (
    <Button
      size="small"
      href={`/api/payments/${payment.id}/receipt.pdf`}
      download
      aria-label={`Receipt ${payment.receiptNumber}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Receipt
    </Button>
  );
}

/**
 * 'Refund' on a row that still has something to refund (CONTRACT §11), 'Refunds' on one refunded in full
 * (its refunds); nothing on pending and failed payments. Its name says which payment.
 */
function RefundButton({ payment, onOpen }: { payment: Payment; onOpen: (payment: Payment) => void }) {
  const refundable = isRefundable(payment);
  if (!refundable && !(payment.refundedAmount > 0)) return null;
  return (
    <Button
      size="small"
      color={refundable ? 'error' : 'inherit'}
      onClick={() => onOpen(payment)}
      aria-label={`${refundable ? 'Refund' : 'Refunds of'} payment #${payment.id}`}
    >
      {refundable ? 'Refund' : 'Refunds'}
    </Button>
  );
}

/** /admin/payments (spec §2 "Admin Payment History"): filtered, sorted and paged on the server. */
export function PaymentList() {
  return (
    <ListBase perPage={PAYMENTS_PER_PAGE} sort={DEFAULT_PAYMENT_SORT} debounce={SEARCH_DELAY_MS}>
      <PaymentListView />
    </ListBase>
  );
}
