import OpenInNew from '@mui/icons-material/OpenInNew';
import Button, { type ButtonProps } from '@mui/material/Button';

/** The fallback: the scheduling page itself, in a new tab. */
export function OpenBookingPageButton({ url, variant = 'outlined' }: { url: string; variant?: ButtonProps['variant'] }) {
  return (
    <Button
      variant={variant}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNew fontSize="small" />}
      sx={variant === 'outlined' ? { bgcolor: 'background.paper' } : undefined}
    >
      Open booking page in a new tab
    </Button>
  );
}
