import type { SxProps, Theme } from '@mui/material/styles';

/** The toast's card (spec §8): a filled red alert for failures, a white card otherwise; portal and back office alike. */
export function toastAlertSx(destructive: boolean): SxProps<Theme> {
  return {
    width: '100%',
    minWidth: { sm: 340 },
    maxWidth: { md: 420 },
    boxShadow: '0 10px 30px rgba(15, 23, 42, 0.18)',
    alignItems: 'flex-start',
    ...(destructive ? {} : { bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' }),
  };
}
