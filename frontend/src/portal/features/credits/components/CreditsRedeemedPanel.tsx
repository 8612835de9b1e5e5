import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CreditCard from '@mui/icons-material/CreditCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatCurrency } from '../../../../shared/ui/formatters';

export interface CreditsRedeemedPanelProps {
  /** dollars still owed for the services credits do not cover */
  remaining: number;
  opening: boolean;
  disabled?: boolean;
  onPayRemaining: () => void;
}

/** Spec §4: credits covered the eligible services but others remain: 'Credits Used' and 'Pay Remaining'. */
export function CreditsRedeemedPanel({ remaining, opening, disabled = false, onPayRemaining }: CreditsRedeemedPanelProps) {
  return (
    <Box sx={{ width: '100%', display: 'grid', gap: 1 }}>
      <Box
        role="status"
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', p: 1.5, borderRadius: 2, bgcolor: '#ecfdf5', color: '#065f46' }}
      >
        <CheckCircleRounded fontSize="small" sx={{ mt: '2px' }} aria-hidden />
        <Box>
          <Typography variant="body2" fontWeight={700}>
            Credits Successfully Redeemed!
          </Typography>
          <Typography variant="caption" sx={{ display: 'block' }}>
            {remaining > 0
              ? `${formatCurrency(remaining)} remains for services credits do not cover.`
              : 'Pay the remaining services by card.'}
          </Typography>
        </Box>
      </Box>
      <Button fullWidth variant="outlined" disabled>
        Credits Used
      </Button>
      <Button
        fullWidth
        variant="contained"
        onClick={onPayRemaining}
        disabled={disabled}
        aria-busy={opening || undefined}
        startIcon={opening ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CreditCard />}
      >
        Pay Remaining
      </Button>
    </Box>
  );
}
