import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { DataTable, ListBase, Pagination, Title, useDelete, useGetIdentity, useListContext, type Identifier } from 'react-admin';
import { initials } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import type { ClientRecord } from './dataProvider';
import { ListSearch } from '../shared/ListSearch';
import { serverMessage, useAdminToast } from '../shared/toast';

// The New Client and Edit Client dialogs (their form stack: react-hook-form, the fields) load when
// first opened, not with the page (decision 0014).
const ClientFormDialog = lazy(() => import('./ClientFormDialog').then((m) => ({ default: m.ClientFormDialog })));

/**
 * CONTRACT §8: a client who has not confirmed their address yet (nothing is refused to them). A span: it
 * sits inside the address's text (a <p>, or a caption's <span>), where a Chip's default <div> is invalid HTML.
 */
function UnverifiedChip() {
  return (
    <Chip
      component="span"
      label="Unverified"
      size="small"
      color="warning"
      variant="outlined"
      sx={{ ml: 1, height: 20, fontSize: '0.7rem', verticalAlign: 'middle' }}
    />
  );
}

const Column = DataTable.Col<ClientRecord>;

export const CLIENTS_PER_PAGE = 25;
export const DELETE_CLIENT_CONFIRMATION = 'Are you sure you want to delete this client?';
export const SEARCH_CLIENTS_PLACEHOLDER = 'Search clients by name or email...';

/** Spec §2 "An admin cannot delete their own row". */
export function canDeleteClient(client: Pick<ClientRecord, 'id'>, signedInId: Identifier | undefined): boolean {
  return signedInId === undefined || String(client.id) !== String(signedInId);
}

/** Admin Clients (/admin/clients): server-side search, sort and pagination over GET /api/clients. */
export function ClientList() {
  return (
    <ListBase<ClientRecord> resource="clients" perPage={CLIENTS_PER_PAGE} sort={{ field: 'id', order: 'ASC' }} debounce={300}>
      <ClientListView />
    </ListBase>
  );
}

function ClientListView() {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ClientRecord | undefined>(undefined);
  // each dialog is mounted from its first opening on, so that it can play its closing transition
  const [creatingUsed, setCreatingUsed] = useState(false);
  const [editingUsed, setEditingUsed] = useState(false);
  const create = () => {
    setCreatingUsed(true);
    setCreating(true);
  };
  const edit = (record: ClientRecord) => {
    setEditingUsed(true);
    setEditing(record);
  };
  const { identity } = useGetIdentity();
  const { error, total, filterValues } = useListContext<ClientRecord>();
  const searching = Boolean(filterValues?.q);

  return (
    <Box>
      <Title title="Clients" />
      <PageHeader
        title="Clients"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={create}>
            New Client
          </Button>
        }
      />
      {/* inline-size containment: a wide table scrolls inside the card instead of widening the page */}
      <Card sx={{ contain: 'inline-size' }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            p: { xs: 2, sm: 2.5 },
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {/* a case-insensitive substring of username or e-mail, filtered by the server (`q`) */}
          <ListSearch placeholder={SEARCH_CLIENTS_PLACEHOLDER} label="Search clients" clearable sx={{ width: { xs: '100%', sm: 360 } }} />
          {typeof total === 'number' && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {total} {total === 1 ? 'client' : 'clients'}
            </Typography>
          )}
        </Box>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {serverMessage(error, 'Failed to load clients')}
          </Alert>
        ) : (
          <>
            <DataTable<ClientRecord>
              rowClick={false}
              bulkActionButtons={false}
              hover
              empty={<ClientsEmpty searching={searching} onCreate={create} />}
              sx={{
                '& .RaDataTable-headerCell': { fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50', whiteSpace: 'nowrap' },
                '& td, & th': { py: 1.25 },
                '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
              }}
            >
              <Column source="id" label="ID" sx={{ width: 72, display: { xs: 'none', sm: 'table-cell' } }} />
              <Column
                source="username"
                label="Name"
                render={(record) => (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                    <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: '0.8rem', bgcolor: 'primary.main' }}>
                      {initials(record.username)}
                    </Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                          {record.username}
                        </Typography>
                        {identity && String(identity.id) === String(record.id) && (
                          <Chip label="You" size="small" variant="outlined" sx={{ height: 20, fontSize: '0.7rem' }} />
                        )}
                      </Box>
                      {/* on phones the Email column is hidden: the address goes under the name */}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}
                      >
                        {record.email}
                        {!record.emailVerified && <UnverifiedChip />}
                      </Typography>
                    </Box>
                  </Box>
                )}
              />
              <Column
                source="email"
                label="Email"
                sx={{ display: { xs: 'none', md: 'table-cell' } }}
                render={(record) => (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {record.email}
                    {!record.emailVerified && <UnverifiedChip />}
                  </Typography>
                )}
              />
              <Column source="role" label="Role" render={(record) => <RoleChip role={record.role} />} />
              <Column
                label="Actions"
                disableSort
                align="right"
                render={(record) => (
                  <ClientActions record={record} canDelete={canDeleteClient(record, identity?.id)} onEdit={() => edit(record)} />
                )}
              />
            </DataTable>
            <Pagination rowsPerPageOptions={[CLIENTS_PER_PAGE, 50, 100]} />
          </>
        )}
      </Card>
      <Suspense fallback={null}>
        {creatingUsed && (
          <ClientFormDialog
            open={creating}
            onClose={() => setCreating(false)}
            mode="create"
            title="New Client"
            description="Create a new client account"
          />
        )}
        {editingUsed && (
          <ClientFormDialog
            open={Boolean(editing)}
            onClose={() => setEditing(undefined)}
            mode="edit"
            record={editing}
            title="Edit Client"
            description="Update the client's details"
          />
        )}
      </Suspense>
    </Box>
  );
}

export function RoleChip({ role }: { role: string }) {
  const admin = role === 'admin';
  return (
    <Chip
      label={admin ? 'Admin' : 'Client'}
      size="small"
      color={admin ? 'primary' : 'default'}
      variant={admin ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600 }}
    />
  );
}

function ClientActions({ record, canDelete, onEdit }: { record: ClientRecord; canDelete: boolean; onEdit: () => void }) {
  const [deleteOne, { isPending }] = useDelete<ClientRecord>();
  const toast = useAdminToast();

  const onDelete = async () => {
    if (!window.confirm(DELETE_CLIENT_CONFIRMATION)) return;
    try {
      await deleteOne('clients', { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      toast({ title: 'Success', description: 'Client deleted successfully' });
    } catch (error) {
      toast({ title: 'Deletion failed', description: serverMessage(error, 'Failed to delete client'), variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
      <Tooltip title="Edit">
        <IconButton aria-label="Edit" size="small" onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {canDelete ? (
        <Tooltip title="Delete">
          <span>
            <IconButton aria-label="Delete" size="small" color="error" onClick={onDelete} disabled={isPending}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Tooltip title="You cannot delete your own account">
          <span>
            <IconButton aria-label="Delete" size="small" disabled>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

function ClientsEmpty({ searching, onCreate }: { searching: boolean; onCreate: () => void }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Avatar sx={{ mx: 'auto', mb: 2, width: 56, height: 56, bgcolor: 'rgba(30, 58, 138, 0.08)', color: 'primary.main' }}>
        <PeopleAltOutlined />
      </Avatar>
      <Typography variant="h6" component="p">
        No clients found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: searching ? 0 : 2.5 }}>
        {searching ? 'No clients match your search criteria.' : 'Add your first client to give them access to the portal.'}
      </Typography>
      {!searching && (
        <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
          New Client
        </Button>
      )}
    </Box>
  );
}
