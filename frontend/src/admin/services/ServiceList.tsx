import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable, ListBase, Pagination, Title, useDelete, useListContext } from 'react-admin';
import { formatCurrency } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { serverMessage, useAdminToast } from '../shared/toast';
import { ServiceFormDialog } from './ServiceFormDialog';
import type { ServiceRecord } from './types';

export const SERVICES_PER_PAGE = 25;

/** Columns folded into the Service cell on phones, so that Price and Actions stay in view. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
export const DELETE_SERVICE_CONFIRMATION = 'Are you sure you want to delete this service?';

/** Photography Services (/admin/services): the catalogue, sorted by name by default (spec §2). */
export function ServiceList() {
  return (
    <ListBase<ServiceRecord> resource="services" perPage={SERVICES_PER_PAGE} sort={{ field: 'name', order: 'ASC' }}>
      <ServiceListView />
    </ListBase>
  );
}

type DialogState = { open: false } | { open: true; record?: ServiceRecord };

function ServiceListView() {
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { error, total } = useListContext<ServiceRecord>();
  const openCreate = () => setDialog({ open: true });

  return (
    <Box>
      <Title title="Services" />
      <PageHeader
        title="Photography Services"
        subtitle="Manage your service offerings"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={openCreate}>
            New Service
          </Button>
        }
      />
      {/* inline-size containment: a wide table scrolls inside the card instead of widening the page */}
      <Card sx={{ contain: 'inline-size' }}>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {serverMessage(error, 'Failed to load services')}
          </Alert>
        ) : (
          <>
            <DataTable<ServiceRecord>
              rowClick={false}
              bulkActionButtons={false}
              hover
              empty={<ServicesEmpty onCreate={openCreate} />}
              sx={{
                '& .RaDataTable-headerCell': { fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50', whiteSpace: 'nowrap' },
                '& td, & th': { py: 1.25 },
                '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
              }}
            >
              <DataTable.Col source="id" label="ID" disableSort sx={{ width: 64, ...wideOnly }} />
              <DataTable.Col
                source="name"
                label="Service"
                render={(record) => (
                  <Box sx={{ minWidth: 140 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {record.name}
                    </Typography>
                    <Box sx={{ display: { xs: 'flex', sm: 'none' }, flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
                      <ServiceTypeChip isStandard={record.isStandard} />
                      <Typography variant="caption" color="text.secondary">
                        {record.creditEligible ? `Credit Cost ${record.creditCost ?? 1}` : 'Not credit eligible'}
                      </Typography>
                    </Box>
                  </Box>
                )}
              />
              <DataTable.Col
                source="description"
                label="Description"
                disableSort
                sx={wideOnly}
                render={(record) =>
                  record.description ? (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      title={record.description}
                      sx={{
                        maxWidth: 360,
                        minWidth: 160,
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      }}
                    >
                      {record.description}
                    </Typography>
                  ) : (
                    <Typography variant="body2" color="text.disabled">
                      -
                    </Typography>
                  )
                }
              />
              <DataTable.Col
                source="price"
                label="Price"
                render={(record) => (
                  <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatCurrency(record.price)}
                  </Typography>
                )}
              />
              <DataTable.Col
                source="isStandard"
                label="Type"
                disableSort
                sx={wideOnly}
                render={(record) => <ServiceTypeChip isStandard={record.isStandard} />}
              />
              <DataTable.Col
                source="creditEligible"
                label="Credit Eligible"
                disableSort
                sx={wideOnly}
                render={(record) => (
                  <Chip
                    label={record.creditEligible ? 'Yes' : 'No'}
                    size="small"
                    color={record.creditEligible ? 'success' : 'default'}
                    variant="outlined"
                    sx={{ fontWeight: 600, minWidth: 44 }}
                  />
                )}
              />
              <DataTable.Col
                source="creditCost"
                label="Credit Cost"
                disableSort
                sx={wideOnly}
                render={(record) => (record.creditEligible ? String(record.creditCost ?? 1) : '-')}
              />
              <DataTable.Col
                label="Actions"
                disableSort
                align="right"
                render={(record) => (
                  <ServiceActions
                    record={record as ServiceRecord}
                    onEdit={() => setDialog({ open: true, record: record as ServiceRecord })}
                  />
                )}
              />
            </DataTable>
            {typeof total === 'number' && total > 0 && <Pagination rowsPerPageOptions={[SERVICES_PER_PAGE, 50, 100]} />}
          </>
        )}
      </Card>
      <ServiceFormDialog open={dialog.open} record={dialog.open ? dialog.record : undefined} onClose={() => setDialog({ open: false })} />
    </Box>
  );
}

export function ServiceTypeChip({ isStandard }: { isStandard: boolean }) {
  return (
    <Chip
      label={isStandard ? 'Standard' : 'Custom'}
      size="small"
      color={isStandard ? 'primary' : 'secondary'}
      variant={isStandard ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

function ServiceActions({ record, onEdit }: { record: ServiceRecord; onEdit: () => void }) {
  const [deleteOne, { isPending }] = useDelete<ServiceRecord>();
  const toast = useAdminToast();

  const onDelete = async () => {
    if (!window.confirm(DELETE_SERVICE_CONFIRMATION)) return;
    try {
      await deleteOne('services', { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      toast({ title: 'Service deleted successfully' });
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to delete service'), variant: 'destructive' });
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
      <Tooltip title="Edit">
        <IconButton aria-label="Edit" size="small" onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <span>
          <IconButton aria-label="Delete" size="small" color="error" onClick={onDelete} disabled={isPending}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

function ServicesEmpty({ onCreate }: { onCreate: () => void }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Avatar sx={{ mx: 'auto', mb: 2, width: 56, height: 56, bgcolor: 'rgba(30, 58, 138, 0.08)', color: 'primary.main' }}>
        <DesignServicesOutlined />
      </Avatar>
      <Typography variant="h6" component="p" sx={{ mb: 2.5 }}>
        No services found
      </Typography>
      <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
        Create your first service
      </Button>
    </Box>
  );
}
