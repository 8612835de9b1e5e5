import AttachMoney from '@mui/icons-material/AttachMoney';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCurrency } from '../../shared/ui/formatters';
import type { PaymentsSummary } from './types';

export const paymentCountLabel = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

/** Total Revenue of the filtered payments (GET /api/payments/summary). */
export function RevenueCard({ summary, loading, failed }: { summary?: PaymentsSummary; loading: boolean; failed: boolean }) {
  return (
    <Card sx={{ mb: 3 }} aria-labelledby="total-revenue-title">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2.5, '&:last-child': { pb: 2 } }}>
        <Box
          sx={{
            width: 52,
            height: 52,
            borderRadius: 3,
            bgcolor: 'success.main',
            color: 'common.white',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
          }}
        >
          <AttachMoney />
        </Box>
        <Stack>
          <Typography id="total-revenue-title" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            Total Revenue
          </Typography>
          {loading ? (
            <>
              <Skeleton width={140} height={40} />
              <Skeleton width={90} />
            </>
          ) : failed || !summary ? (
            <Typography color="text.secondary" sx={{ py: 1 }}>
              —
            </Typography>
          ) : (
            <>
              <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="revenue-total">
                {formatCurrency(summary.total)}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="revenue-count">
                {paymentCountLabel(summary.count)}
              </Typography>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
