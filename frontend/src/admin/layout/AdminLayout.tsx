import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { Logo } from '../../shared/ui/Logo';
import { AdminMenu } from './AdminMenu';

function AdminAppBar() {
  return (
    <AppBar color="primary">
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, mr: 2 }}>
        <Logo tone="light" size="small" />
      </Box>
      {/* pages of resources put their title here; it is not a heading (each page has its own h1) */}
      <TitlePortal {...({ component: 'span' } as object)} sx={{ opacity: 0.85 }} />
    </AppBar>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {/* minWidth 0: a wide table scrolls inside its card instead of widening the page on phones */}
      <Box sx={{ py: { xs: 2, md: 3 }, px: { xs: 0, md: 1 }, minWidth: 0 }}>{children}</Box>
    </Layout>
  );
}
