import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import TollOutlined from '@mui/icons-material/TollOutlined';

export interface UseCreditsButtonProps {
  /** the project's creditsDue */
  cost: number;
  /** the client's balance; undefined while unknown (the button stays disabled) */
  balance: number | undefined;
  pending: boolean;
  /** another redemption is running */
  disabled?: boolean;
  onRedeem: () => void;
}

/**
 * 'Use Credits (N)' on an unpaid project card (CONTRACT §7). Spec §9: enabled only when the balance
 * covers the cost; with too few credits it is disabled and a tooltip says 'Insufficient credits' (the
 * disabled button is wrapped in a focusable span so the tooltip still gets the pointer and keyboard events).
 */
export function UseCreditsButton({ cost, balance, pending, disabled = false, onRedeem }: UseCreditsButtonProps) {
  const insufficient = balance !== undefined && balance < cost;
  const button = (
    <Button
      fullWidth
      variant="outlined"
      onClick={onRedeem}
      disabled={cost <= 0 || balance === undefined || insufficient || pending || disabled}
      aria-busy={pending || undefined}
      startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <TollOutlined />}
    >
      Use Credits ({cost})
    </Button>
  );
  if (!insufficient) return button;
  return (
    <Tooltip title="Insufficient credits" arrow>
      <Box component="span" tabIndex={0} sx={{ display: 'block', width: '100%' }}>
        {button}
      </Box>
    </Tooltip>
  );
}
