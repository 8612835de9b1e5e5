import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TollOutlined from '@mui/icons-material/TollOutlined';
import { lazy, Suspense } from 'react';

// Stock MUI Tooltip, in a chunk of its own (with Popper): only a card the balance does not cover needs
// it, so My Projects' first load does not carry it (decision 0020).
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

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
 * Until the tooltip's chunk is in, the same span shows without it.
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
  const anchor = (
    <Box component="span" tabIndex={0} sx={{ display: 'block', width: '100%' }}>
      {button}
    </Box>
  );
  return (
    <Suspense fallback={anchor}>
      <Tooltip title="Insufficient credits" arrow>
        {anchor}
      </Tooltip>
    </Suspense>
  );
}
