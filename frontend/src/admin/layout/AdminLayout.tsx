import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
// the user menu's own icon (react-admin's UserMenu imports it already): no extra weight in the back office's first load
import AccountCircle from '@mui/icons-material/AccountCircle';
import { AppBar, Layout, Logout, MenuItemLink, TitlePortal, UserMenu, useGetIdentity, useUserMenu, type LayoutProps } from 'react-admin';
import { Logo } from '../../shared/ui/Logo';
import { AdminMenu } from './AdminMenu';

/**
 * react-admin's UserMenu, labelled with the name it shows: its default label "Profile" would not
 * contain the button's visible text (the admin's name), which screen-reader and voice users rely on.
 */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? String(identity.fullName) : 'ra.auth.user_menu'}>
      <AccountSettingsItem />
      <Logout />
    </UserMenu>
  );
}

/** The photographer's own settings (profile, password, two-factor sign-in). */
function AccountSettingsItem() {
  const menu = useUserMenu();
  return <MenuItemLink to="/admin/account" primaryText="Account Settings" leftIcon={<AccountCircle />} onClick={menu?.onClose} />;
}

function AdminAppBar() {
  return (
    <AppBar color="primary" userMenu={<AdminUserMenu />}>
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, mr: 2 }}>
        <Logo tone="light" size="small" />
      </Box>
      {/* pages put their title here; it is not a heading (each page has its own h1) */}
      <TitlePortal {...({ component: 'span' } as object)} sx={{ opacity: 0.85 }} />
    </AppBar>
  );
}

/** react-admin's Layout with the studio's app bar and menu (spec "Back office"). */
export function AdminLayout({ children, ...props }: LayoutProps & { children?: ReactNode }) {
  return (
    <Layout {...props} appBar={AdminAppBar} menu={AdminMenu}>
      {/* minWidth 0: a wide table scrolls inside its card instead of widening the page on phones */}
      <Box sx={{ py: { xs: 2, md: 3 }, px: { xs: 0, md: 1 }, minWidth: 0 }}>{children}</Box>
    </Layout>
  );
}
