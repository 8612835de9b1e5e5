import { createSvgIcon } from '@mui/material/utils';

// Icons of the signed-in layout that pages use too: @mui/icons-material's (same paths, made the same
// way), declared here because the back office uses them as well, which made each of MUI's icon modules
// a chunk of its own in every signed-in page's first load (decision 0014).

export const TollOutlinedIcon = createSvgIcon(
  <path d="M15 4c-4.42 0-8 3.58-8 8s3.58 8 8 8 8-3.58 8-8-3.58-8-8-8m0 14c-3.31 0-6-2.69-6-6s2.69-6 6-6 6 2.69 6 6-2.69 6-6 6M3 12c0-2.61 1.67-4.83 4-5.65V4.26C3.55 5.15 1 8.27 1 12s2.55 6.85 6 7.74v-2.09c-2.33-.82-4-3.04-4-5.65" />,
  'TollOutlined',
);

export const MenuIcon = createSvgIcon(<path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />, 'Menu');
