import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { DataTable, ListBase, Pagination, Title, useListContext } from 'react-admin';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ListSearch } from '../shared/ListSearch';
import { DEFAULT_INVOICE_SORT, formatDay, QUICK_FILTERS, quickFilterOf, withQuickFilter } from './invoiceFilters';
import { InvoiceStatusChip, OverdueChip } from './InvoiceStatusChip';
import type { InvoiceSummary } from './types';

// The invoice panel (lines, discount, schedule editor, payments) loads when an invoice is first opened,
// the error panel when the list fails.
const InvoicePanel = lazy(() => import('./InvoicePanel').then((m) => ({ default: m.InvoicePanel })));
const LoadErrorAlert = lazy(() => import('../shared/LoadErrorAlert').then((m) => ({ default: m.LoadErrorAlert })));

/** Server paging: 25 rows a page. */
export const INVOICES_PER_PAGE = 25;
const SEARCH_DELAY_MS = 300;

const Column = DataTable.Col<InvoiceSummary>;

/** 'INV-000123', or 'Draft' for a draft (drafts have no number). */
export const invoiceName = (invoice: Pick<InvoiceSummary, 'number'>): string => invoice.number ?? 'Draft';

function QuickFilters() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = quickFilterOf(filterValues);
  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Show invoices" sx={{ overflowX: 'auto', pb: 0.5, mx: -0.5, px: 0.5 }}>
      {QUICK_FILTERS.map((f) => {
        const selected = f.value === current;
        return (
          <Chip
            key={f.value}
            label={f.label}
            clickable
            component="button"
            aria-pressed={selected}
            color={selected ? (f.value === 'overdue' ? 'error' : 'primary') : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            onClick={() => setFilters(withQuickFilter(filterValues, f.value), displayedFilters, false)}
            sx={{ fontWeight: 600 }}
          />
        );
      })}
    </Stack>
  );
}

function NextDue({ invoice }: { invoice: InvoiceSummary }) {
  if (!invoice.nextDueDate) return <Typography color="text.secondary">—</Typography>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <span>{formatDay(invoice.nextDueDate)}</span>
      {invoice.overdue && <OverdueChip />}
    </Stack>
  );
}

/** The phone's list: one item per invoice (number, client, what is due, next due date and status). */
function InvoiceCards({ rows, onOpen }: { rows: InvoiceSummary[]; onOpen: (invoice: InvoiceSummary) => void }) {
  if (rows.length === 0) {
    return (
      <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
        No invoices found
      </Typography>
    );
  }
  return (
    <List disablePadding aria-label="Invoices">
      {rows.map((invoice, i) => (
        <ListItem key={invoice.id} disablePadding divider={i < rows.length - 1}>
          {/* its name is what it shows (number, client, project, amounts, status) */}
          <ListItemButton onClick={() => onOpen(invoice)} sx={{ py: 1.5 }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 1.5, rowGap: 0.5, width: '100%' }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {invoiceName(invoice)} · {invoice.clientName ?? 'Unknown client'}
              </Typography>
              <Typography sx={{ fontWeight: 600, textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCurrency(invoice.total)}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {invoice.projectName}
              </Typography>
              <Box sx={{ justifySelf: 'end' }}>
                <InvoiceStatusChip status={invoice.status} />
              </Box>
              <Typography variant="body2" color="text.secondary" component="div" sx={{ gridColumn: '1 / -1' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>
                    Due {formatCurrency(invoice.due)}
                    {invoice.nextDueDate && ` · next ${formatDay(invoice.nextDueDate)}`}
                  </span>
                  {invoice.overdue && <OverdueChip />}
                </Stack>
              </Typography>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function InvoiceListView() {
  const { data, isFetching, error } = useListContext<InvoiceSummary>();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [opened, setOpened] = useState<InvoiceSummary | null>(null);
  // once opened, the panel stays mounted so that it can play its closing transition
  const [panelUsed, setPanelUsed] = useState(false);
  if (opened && !panelUsed) setPanelUsed(true);
  const rows: InvoiceSummary[] = data ?? [];

  return (
    // a grid whose one column may shrink to 0: the page never grows wider than the screen, the
    // table scrolls sideways inside its card instead
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Invoices" />
      <PageHeader title="Invoices" />
      <Card sx={{ overflow: 'hidden' }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' } }}>
          <ListSearch placeholder="Search invoices..." sx={{ flex: 1, maxWidth: { md: 360 } }} />
          <QuickFilters />
        </Stack>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading invoices" />}</Box>
        {error ? (
          <Suspense fallback={null}>
            <LoadErrorAlert title="Failed to load invoices" sx={{ m: 2 }}>
              Please try again later.
            </LoadErrorAlert>
          </Suspense>
        ) : phone ? (
          <InvoiceCards rows={rows} onOpen={setOpened} />
        ) : (
          // the headers sort on the server: number, client, issued, total, due, next due and status
          <DataTable<InvoiceSummary>
            rowClick={false}
            bulkActionButtons={false}
            hover
            size="small"
            aria-label="Invoices"
            empty={
              <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
                No invoices found
              </Typography>
            }
            sx={{
              '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
              '& .RaDataTable-table': { minWidth: 1040 },
              '& td, & th': { py: 1.25 },
              '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
            }}
          >
            <Column
              source="number"
              label="Number"
              sx={{ whiteSpace: 'nowrap' }}
              render={(invoice) => (
                <Button
                  size="small"
                  onClick={() => setOpened(invoice)}
                  aria-label={`Open invoice ${invoiceName(invoice)}`}
                  sx={{ fontWeight: 600, ml: -1, minWidth: 0, whiteSpace: 'nowrap' }}
                >
                  {invoiceName(invoice)}
                </Button>
              )}
            />
            <Column
              source="clientName"
              label="Client"
              sx={{ minWidth: 120 }}
              render={(invoice) => invoice.clientName ?? 'Unknown client'}
            />
            <Column source="projectName" label="Project" disableSort sx={{ minWidth: 140, maxWidth: 240, wordBreak: 'break-word' }} />
            <Column
              source="issuedAt"
              label="Issued"
              sx={{ whiteSpace: 'nowrap' }}
              render={(invoice) => (invoice.issuedAt ? formatDate(invoice.issuedAt) : '—')}
            />
            <Column
              source="total"
              label="Total"
              align="right"
              sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              render={(invoice) => formatCurrency(invoice.total)}
            />
            <Column
              source="paid"
              label="Paid"
              disableSort
              align="right"
              sx={{ whiteSpace: 'nowrap' }}
              render={(invoice) => formatCurrency(invoice.paid)}
            />
            <Column
              source="due"
              label="Due"
              align="right"
              sx={{ whiteSpace: 'nowrap' }}
              render={(invoice) => formatCurrency(invoice.due)}
            />
            <Column source="nextDueDate" label="Next due" render={(invoice) => <NextDue invoice={invoice} />} />
            <Column source="status" label="Status" render={(invoice) => <InvoiceStatusChip status={invoice.status} />} />
          </DataTable>
        )}
        <Pagination rowsPerPageOptions={[]} />
      </Card>
      {(opened || panelUsed) && (
        <Suspense fallback={null}>
          <InvoicePanel invoiceId={opened?.id ?? null} summary={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * /admin/invoices (CONTRACT §14): every project's invoice, searched, filtered (Overdue, Open, Paid,
 * Draft) and paged on the server; an invoice opens in its panel.
 */
export function InvoiceList() {
  return (
    <ListBase perPage={INVOICES_PER_PAGE} sort={DEFAULT_INVOICE_SORT} debounce={SEARCH_DELAY_MS}>
      <InvoiceListView />
    </ListBase>
  );
}
