import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { CreditBundle } from '../../../../shared/api/schema';
import { formatCurrency } from '../../../../shared/ui/formatters';
import { creditsText } from './CreditBalanceChip';

/** Spec §9: price per credit = bundle price / creditAmount. */
export function pricePerCredit(bundle: Pick<CreditBundle, 'price' | 'creditAmount'>): number {
  const credits = Number(bundle.creditAmount);
  return credits > 0 ? Number(bundle.price) / credits : 0;
}

export interface BundleCardProps {
  bundle: CreditBundle;
  opening: boolean;
  disabled: boolean;
  onPurchase: (bundle: CreditBundle) => void;
}

/** One of the Credits page's 'Available Bundles': name, description, credits, price, price per credit. */
export function BundleCard({ bundle, opening, disabled, onPurchase }: BundleCardProps) {
  const titleId = `bundle-${bundle.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid="bundle-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1.25, alignContent: 'start', p: 2.5 }}>
        <Typography id={titleId} variant="h6" component="h3" sx={{ lineHeight: 1.3, wordBreak: 'break-word' }}>
          {bundle.name}
        </Typography>
        {bundle.description && (
          <Typography variant="body2" color="text.secondary">
            {bundle.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mt: 1 }}>
          <Typography variant="h5" component="p" fontWeight={700} color="primary">
            {creditsText(bundle.creditAmount)}
          </Typography>
          <Typography variant="h6" component="p" fontWeight={700}>
            {formatCurrency(bundle.price)}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary">
          {formatCurrency(pricePerCredit(bundle))} per credit
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2.5, pb: 2.5, pt: 0 }}>
        <Button
          fullWidth
          variant="contained"
          onClick={() => onPurchase(bundle)}
          disabled={disabled}
          aria-busy={opening || undefined}
          aria-label={`Purchase ${bundle.name}`}
          startIcon={opening ? <CircularProgress size={16} color="inherit" aria-hidden /> : <ShoppingCartOutlined />}
        >
          Purchase
        </Button>
      </CardActions>
    </Card>
  );
}
