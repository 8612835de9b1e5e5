import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatCurrency } from '../../shared/ui/formatters';
import type { BundleUsage, CreditBundle } from './types';

export const BUNDLE_COLUMNS = ['Name', 'Description', 'Credit Amount', 'Price', 'Status', 'Usage', 'Actions'] as const;

export interface BundlesTableProps {
  bundles: CreditBundle[];
  usage: BundleUsage | undefined;
  onEdit: (bundle: CreditBundle) => void;
  onDelete: (bundle: CreditBundle) => void;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Name, Description, Credit Amount, Price, Status, Usage, Actions (spec §2); scrolls sideways on phones. */
export function BundlesTable({ bundles, usage, onEdit, onDelete }: BundlesTableProps) {
  if (bundles.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
        <Avatar sx={{ mx: 'auto', mb: 2, width: 52, height: 52, bgcolor: 'rgba(30, 58, 138, 0.08)', color: 'primary.main' }}>
          <Inventory2Outlined />
        </Avatar>
        <Typography variant="h6" component="p">
          No credit bundles found
        </Typography>
      </Box>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Credit bundles" sx={{ minWidth: 760, '& td, & th': { py: 1.25 } }}>
        <TableHead>
          <TableRow>
            {BUNDLE_COLUMNS.map((label) => (
              <TableCell
                key={label}
                align={label === 'Actions' ? 'right' : 'left'}
                sx={{ fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50', whiteSpace: 'nowrap' }}
              >
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {bundles.map((bundle) => (
            <TableRow key={bundle.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 120 }}>
                  {bundle.name}
                </Typography>
              </TableCell>
              <TableCell>
                {bundle.description ? (
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
                )}
              </TableCell>
              <TableCell sx={numeric}>{bundle.creditAmount}</TableCell>
              <TableCell sx={{ ...numeric, fontWeight: 600 }}>{formatCurrency(bundle.price)}</TableCell>
              <TableCell>
                <Chip
                  label={bundle.isActive ? 'Active' : 'Inactive'}
                  size="small"
                  color={bundle.isActive ? 'success' : 'default'}
                  variant={bundle.isActive ? 'filled' : 'outlined'}
                  sx={{ fontWeight: 600 }}
                />
              </TableCell>
              <TableCell sx={numeric}>{usage?.[String(bundle.id)] ?? 0}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
