import TollOutlined from '@mui/icons-material/TollOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';

export const creditsText = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

export interface CreditBalanceChipProps {
  /** undefined while loading or after a failed load */
  balance: number | undefined;
  loading?: boolean;
}

/** My Projects' header: the credit balance as a chip, with a 'Get More' link to /credits (spec §2). */
export function CreditBalanceChip({ balance, loading = false }: CreditBalanceChipProps) {
  const label = balance !== undefined ? creditsText(balance) : loading ? 'Loading credits…' : 'Credits unavailable';
  return (
    <Box
      data-testid="credit-balance"
      aria-busy={loading || undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 0.5,
        pr: 0.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 999,
        bgcolor: 'background.paper',
        whiteSpace: 'nowrap',
      }}
    >
      <Chip
        size="small"
        icon={<TollOutlined aria-hidden />}
        label={label}
        color={balance !== undefined ? 'primary' : 'default'}
        variant={balance !== undefined ? 'filled' : 'outlined'}
        sx={{ fontWeight: 600 }}
      />
      <Button component={RouterLink} to="/credits" size="small" sx={{ borderRadius: 999, minWidth: 0, px: 1.25 }}>
        Get More
      </Button>
    </Box>
  );
}
