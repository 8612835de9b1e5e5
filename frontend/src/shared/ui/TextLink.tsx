import { styled } from '@mui/material/styles';
import { Link } from 'react-router';

/**
 * An in-app text link, as MUI's `<Link component={RouterLink} variant="body2" fontWeight={600}>`
 * renders it with this theme (primary colour, underlined on hover, the browser's focus ring), without
 * Link's own code in the sign-in pages' first load (decision 0014).
 */
export const TextLink = styled(Link)(({ theme }) => ({
  ...theme.typography.body2,
  margin: 0,
  fontWeight: 600,
  color: theme.palette.primary.main,
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: 'auto' },
}));
