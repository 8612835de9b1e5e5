import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { formatCurrency, formatDate } from '../../../../shared/ui/formatters';
import { receiptUrl, type ReceiptPayment } from '../receipts';

/**
 * 'Receipt' on a paid project card (CONTRACT §11): downloads the receipt of the project's payment; with
 * several payments (paid in parts) it opens a menu of their receipts, newest first.
 */
export function ReceiptButton({ receipts }: { receipts: ReceiptPayment[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (receipts.length === 0) return null;
  if (receipts.length === 1) {
    const [only] = receipts;
    return (
      <Button fullWidth variant="outlined" href={receiptUrl(only.id)} download startIcon={<ReceiptLongOutlined />}>
        Receipt
      </Button>
    );
  }
  return (
    <>
      <Button
        fullWidth
        variant="outlined"
        startIcon={<ReceiptLongOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Receipt
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {receipts.map((r) => (
          <MenuItem key={r.id} component="a" href={receiptUrl(r.id)} download onClick={() => setAnchor(null)}>
            <ListItemText primary={r.receiptNumber} secondary={`${formatCurrency(r.amount)} · ${formatDate(r.paymentDate)}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
