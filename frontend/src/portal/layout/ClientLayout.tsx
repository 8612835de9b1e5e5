import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import TollOutlined from '@mui/icons-material/TollOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../shared/api/client';
import { initials } from '../../shared/ui/initials';
import { Logo } from '../../shared/ui/Logo';
import { useToast } from '../../shared/ui/toast';
import { VerifyEmailBanner } from '../features/account/components/VerifyEmailBanner';
import { useCurrentUser, useLogout } from '../features/auth/hooks';

export const DRAWER_WIDTH = 264;

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** extra paths on which the item counts as active */
  alsoActiveOn?: string[];
}

export const clientNav: NavItem[] = [
  { label: 'My Projects', to: '/projects', icon: <PhotoLibraryOutlined />, alsoActiveOn: ['/'] },
  { label: 'Book a Session', to: '/booking', icon: <EventAvailableOutlined /> },
  { label: 'Credits', to: '/credits', icon: <TollOutlined /> },
  { label: 'Payments', to: '/payments', icon: <ReceiptLongOutlined /> },
  { label: 'Invoices', to: '/invoices', icon: <RequestQuoteOutlined /> },
  { label: 'Account', to: '/account', icon: <AccountCircleOutlined /> },
];

function isActive(item: NavItem, pathname: string): boolean {
  return pathname === item.to || pathname.startsWith(`${item.to}/`) || (item.alsoActiveOn ?? []).includes(pathname);
}

function useLogoutAction() {
  const logout = useLogout();
  const { toast } = useToast();
  const navigate = useNavigate();
  const run = async () => {
    try {
      await logout.mutateAsync();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      toast({ title: 'Logout failed', description: errorText(error), variant: 'destructive' });
    }
  };
  return { run, pending: logout.isPending };
}

function MenuContent({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const logout = useLogoutAction();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2.5, py: 2.5 }}>
        <Logo size="small" />
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main" sx={{ flex: 1, px: 1.5, py: 2 }}>
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {clientNav.map((item) => {
            const active = isActive(item, pathname);
            return (
              <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={item.to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
                  <ListItemText primary={item.label} slotProps={{ primary: { fontWeight: active ? 600 : 500 } }} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 1.5 }}>
        {user && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 1.5, minWidth: 0 }}>
            <Avatar aria-hidden sx={{ width: 36, height: 36, fontSize: '0.9rem', bgcolor: 'primary.main' }}>
              {initials(user.username)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" fontWeight={600} noWrap>
                {user.username}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {user.email}
              </Typography>
            </Box>
          </Box>
        )}
        <ListItemButton onClick={() => void logout.run()} disabled={logout.pending}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Logout />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </Box>
    </Box>
  );
}

/**
 * Signed-in client pages: a side menu on desktop; on small screens a top bar with the logo and a
 * menu button that opens the same menu in a drawer.
 */
export function ClientLayout() {
  const { user } = useCurrentUser();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {desktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <MenuContent />
        </Drawer>
      ) : (
        <>
          <AppBar position="fixed" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Toolbar sx={{ justifyContent: 'space-between' }}>
              <Logo size="small" />
              <IconButton edge="end" aria-label="Open menu" onClick={() => setOpen(true)}>
                <MenuIcon />
              </IconButton>
            </Toolbar>
          </AppBar>
          <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
            <MenuContent onNavigate={() => setOpen(false)} />
          </Drawer>
        </>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 5 } }}>
        {!desktop && <Toolbar />}
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <Suspense
            fallback={
              <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
                <CircularProgress aria-label="Loading" />
              </Box>
            }
          >
            {/* part of the layout's chunk (a few hundred bytes): as a lazy part of its own, it held the
                page back by one more request before the first render (decision 0034) */}
            {user && !user.emailVerified && <VerifyEmailBanner email={user.email} />}
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
