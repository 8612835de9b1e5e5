import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataTable } from 'react-admin';
import { formatCurrency } from '../../shared/ui/formatters';
import type { BundleUsage, CreditBundle } from './types';

export const BUNDLE_COLUMNS = ['Name', 'Description', 'Credit Amount', 'Price', 'Status', 'Usage', 'Actions'] as const;

export interface BundlesTableProps {
  bundles: CreditBundle[];
  usage: BundleUsage | undefined;
  onEdit: (bundle: CreditBundle) => void;
  onDelete: (bundle: CreditBundle) => void;
}

const Column = DataTable.Col<CreditBundle>;

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Name, Description, Credit Amount, Price, Status, Usage, Actions (spec §2); scrolls sideways on phones. */
export function BundlesTable({ bundles, usage, onEdit, onDelete }: BundlesTableProps) {
  return (
    <DataTable<CreditBundle>
      resource="credit-bundles"
      data={bundles}
      total={bundles.length}
      isPending={false}
      rowClick={false}
      bulkActionButtons={false}
      hover
      size="small"
      aria-label="Credit bundles"
      empty={
        <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
          <Avatar sx={{ mx: 'auto', mb: 2, width: 52, height: 52, bgcolor: 'rgba(30, 58, 138, 0.08)', color: 'primary.main' }}>
            <Inventory2Outlined />
          </Avatar>
          <Typography variant="h6" component="p">
            No credit bundles found
          </Typography>
        </Box>
      }
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& .RaDataTable-table': { minWidth: 760 },
        '& td, & th': { py: 1.25 },
        '& .RaDataTable-headerCell': { fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50', whiteSpace: 'nowrap' },
      }}
    >
      <Column
        source="name"
        label="Name"
        disableSort
        render={(bundle) => (
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 120 }}>
            {bundle.name}
          </Typography>
        )}
      />
      <Column
        source="description"
        label="Description"
        disableSort
        render={(bundle) =>
          bundle.description ? (
            <Typography
              variant="body2"
              color="text.secondary"
              title={bundle.description}
              sx={{
                maxWidth: 320,
                minWidth: 140,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {bundle.description}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.disabled">
              -
            </Typography>
          )
        }
      />
      <Column source="creditAmount" label="Credit Amount" disableSort sx={numeric} render={(bundle) => bundle.creditAmount} />
      <Column
        source="price"
        label="Price"
        disableSort
        sx={{ ...numeric, fontWeight: 600 }}
        render={(bundle) => formatCurrency(bundle.price)}
      />
      <Column
        source="isActive"
        label="Status"
        disableSort
        render={(bundle) => (
          <Chip
            label={bundle.isActive ? 'Active' : 'Inactive'}
            size="small"
            color={bundle.isActive ? 'success' : 'default'}
            variant={bundle.isActive ? 'filled' : 'outlined'}
            sx={{ fontWeight: 600 }}
          />
        )}
      />
      <Column label="Usage" disableSort sx={numeric} render={(bundle) => usage?.[String(bundle.id)] ?? 0} />
      <Column
        label="Actions"
        disableSort
        align="right"
        sx={{ whiteSpace: 'nowrap' }}
        render={(bundle) => (
          <>
            <Tooltip title="Edit">
              <IconButton aria-label="Edit" size="small" onClick={() => onEdit(bundle)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton aria-label="Delete" size="small" color="error" onClick={() => onDelete(bundle)} sx={{ ml: 0.5 }}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
    </DataTable>
  );
}
