import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { receiptUrl, type ReceiptPayment } from '../receipts';

/**
 * 'Receipt' on a paid project card (CONTRACT §11): downloads the receipt of the project's latest payment
 * (the list comes newest first). A project paid in several payments has the others on the Payments page;
 * a menu here would bring the menu components into My Projects' first load (decision 0031).
 */
export function ReceiptButton({ receipts }: { receipts: ReceiptPayment[] }) {
  const latest = receipts[0];
  if (!latest) return null;
  return (
    <Button fullWidth variant="outlined" href={receiptUrl(latest.id)} download startIcon={<ReceiptLongOutlined />}>
      Receipt
    </Button>
  );
}
