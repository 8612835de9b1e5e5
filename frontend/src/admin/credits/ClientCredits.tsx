import Clear from '@mui/icons-material/Clear';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import Search from '@mui/icons-material/Search';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { DataTable, useExpanded, useRecordContext } from 'react-admin';
import { formatCredits, formatDate, initials } from '../../shared/ui/formatters';
import type { ClientCreditsList } from './clientCreditsList';
import { useCreditsApi } from './dataProvider';
import { creditProjectsKey, creditTransactionsKey } from './queries';
import { isCredit, signedAmount, transactionLabel } from './transactions';
import type { ClientWithCredits, CreditTransaction } from './types';

/** The server refuses a longer search. */
const MAX_SEARCH = 200;

export interface ClientCreditsProps {
  /** the list's state: see useClientCreditsList */
  list: ClientCreditsList;
  onAdjust: (client: ClientWithCredits) => void;
}

/**
 * Client Credits (spec §2): a search over username and e-mail (on the server), one expandable row per
 * client (one open at a time) with the projects paid with credits and the transaction history, 25
 * clients a page.
 */
export function ClientCredits({ list, onAdjust }: ClientCreditsProps) {
  const { clients, total, page, perPage, searchText } = list;
  const searching = list.q !== '';

  return (
    <Box>
      <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          placeholder="Search clients by name or email..."
          value={searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
          variant="outlined"
          size="small"
          fullWidth
          sx={{ maxWidth: { sm: 420 }, bgcolor: 'background.paper' }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search clients by name or email...', maxLength: MAX_SEARCH },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: searchText ? (
                <InputAdornment position="end">
                  <IconButton aria-label="Clear search" size="small" edge="end" onClick={list.clearSearch}>
                    <Clear fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Box>
      {/* a thin bar while another search or page loads; the previous one stays meanwhile */}
      <Box sx={{ height: 2 }}>{list.loadingMore && <LinearProgress aria-label="Loading clients" sx={{ height: 2 }} />}</Box>
      <DataTable<ClientWithCredits>
        resource={CLIENT_CREDITS}
        data={clients}
        total={total}
        isPending={false}
        rowClick={false}
        bulkActionButtons={false}
        expand={<ClientDetails />}
        expandSingle
        size="small"
        aria-label="Clients"
        empty={
          <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
            <Avatar sx={{ mx: 'auto', mb: 2, width: 52, height: 52, bgcolor: 'rgba(30, 58, 138, 0.08)', color: 'primary.main' }}>
              <PeopleOutline />
            </Avatar>
            <Typography variant="h6" component="p">
              No Clients Found
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {searching ? 'No clients match your search criteria.' : 'There are no clients with credit history.'}
            </Typography>
          </Box>
        }
        sx={{
          '& .RaDataTable-headerCell': { fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50', whiteSpace: 'nowrap' },
          '& .RaDataTable-expandedPanel, & .RaDataTable-expandRow > td': { bgcolor: 'grey.50' },
        }}
      >
        <Column label="Client" disableSort sx={{ width: '100%', maxWidth: 0 }} render={(client) => <ClientToggle client={client} />} />
        <Column
          source="creditBalance"
          label="Credit Balance"
          disableSort
          align="right"
          render={(client) => (
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="credit-balance">
              {formatCredits(client.creditBalance)}
            </Typography>
          )}
        />
        <Column
          label="Actions"
          disableSort
          align="right"
          render={(client) => (
            <Tooltip title="Adjust credits">
              <IconButton aria-label="Adjust credits" onClick={() => onAdjust(client)} color="primary">
                <TuneOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        />
      </DataTable>
      {clients.length > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, Math.max(0, Math.ceil(total / perPage) - 1))}
          rowsPerPage={perPage}
          rowsPerPageOptions={[perPage]}
          onPageChange={(_event, next) => list.setPage(next)}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}

/** The DataTable's resource name: where it keeps which row is expanded. */
const CLIENT_CREDITS = 'client-credits';
const Column = DataTable.Col<ClientWithCredits>;

/**
 * The client's name and e-mail, as the button that shows or hides the details (one client at a time):
 * DataTable's own expand icon is for the mouse only (hidden from keyboard and screen readers).
 */
function ClientToggle({ client }: { client: ClientWithCredits }) {
  const [expanded, toggle] = useExpanded(CLIENT_CREDITS, client.id, true);
  return (
    <ButtonBase
      onClick={toggle}
      aria-expanded={expanded}
      aria-controls={`${CLIENT_CREDITS}-${client.id}-expand`}
      data-testid={`client-credits-${client.id}`}
      sx={{
        width: '100%',
        minWidth: 0,
        justifyContent: 'flex-start',
        textAlign: 'left',
        gap: 1.5,
        py: 0.5,
        borderRadius: 1,
        '&.Mui-focusVisible': { bgcolor: 'action.focus' },
      }}
    >
      <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'primary.main', display: { xs: 'none', sm: 'flex' } }}>
        {initials(client.username)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {client.username}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {client.email}
        </Typography>
      </Box>
    </ButtonBase>
  );
}

/** The expanded row: the projects paid with credits and the transaction history. */
function ClientDetails() {
  const client = useRecordContext<ClientWithCredits>();
  if (!client) return null;
  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, pb: 2.5, pt: 1.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <CreditProjects clientId={client.id} />
      <ClientTransactions client={client} />
    </Box>
  );
}

/** The projects where the client's credits were used, fetched only while the row is expanded. */
function CreditProjects({ clientId }: { clientId: number }) {
  const api = useCreditsApi();
  const projects = useQuery({
    queryKey: creditProjectsKey(clientId),
    queryFn: () => api.getCreditProjects(clientId).then((r) => r.data),
    retry: false,
  });
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Projects Using Credits
      </Typography>
      {projects.isPending ? (
        <CircularProgress size={20} aria-label="Loading projects" />
      ) : projects.isError ? (
        <Alert severity="error">{projects.error instanceof Error ? projects.error.message : 'Error loading data'}</Alert>
      ) : projects.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No projects found where credits were used.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Projects using credits" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {projects.data.map((project) => (
            <Box
              component="li"
              key={project.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.25,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
                px: 1.5,
                py: 1,
              }}
            >
              <FolderOutlined fontSize="small" color="action" />
              <Typography variant="body2" sx={{ fontWeight: 500, flex: 1, minWidth: 0 }} noWrap>
                {project.name}
              </Typography>
              <Chip label="Project" size="small" variant="outlined" color="primary" />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The client's whole history, fetched only while the row is expanded; the latest transactions the list
 * carries show at once meanwhile.
 */
function ClientTransactions({ client }: { client: ClientWithCredits }) {
  const api = useCreditsApi();
  const history = useQuery({
    queryKey: creditTransactionsKey(client.id),
    queryFn: () => api.getCreditTransactions(client.id).then((r) => r.data),
    placeholderData: client.transactions,
    retry: false,
  });
  if (history.isError) {
    return <Alert severity="error">{history.error instanceof Error ? history.error.message : 'Error loading data'}</Alert>;
  }
  return <TransactionHistory transactions={history.data ?? client.transactions} />;
}

const historyColumns = ['Date', 'Type', 'Amount', 'Description'] as const;

function TransactionHistory({ transactions }: { transactions: CreditTransaction[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Transaction History
      </Typography>
      {transactions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No transaction history.
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto', bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
          <Table size="small" aria-label="Transaction history" sx={{ minWidth: 520 }}>
            <TableHead>
              <TableRow>
                {historyColumns.map((label) => (
                  <TableCell key={label} sx={{ fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {transactions.map((t) => (
                <TableRow key={t.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(t.transactionDate)}</TableCell>
                  <TableCell>
                    <Chip
                      label={transactionLabel(t.type)}
                      size="small"
                      variant="outlined"
                      color={isCredit(t.type) ? 'success' : 'default'}
                      sx={{ fontWeight: 600 }}
                    />
                  </TableCell>
                  <TableCell
                    sx={{
                      fontWeight: 700,
                      fontVariantNumeric: 'tabular-nums',
                      color: isCredit(t.type) ? 'success.main' : 'error.main',
                    }}
                  >
                    {signedAmount(t)}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary', minWidth: 160 }}>{t.description || '-'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
