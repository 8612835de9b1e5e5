import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Logout from '@mui/icons-material/Logout';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type ComponentType, type ElementType, type ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../shared/api/client';
import { initials } from '../../shared/ui/initials';
import { Divider } from '../../shared/ui/Divider';
import { Logo } from '../../shared/ui/Logo';
import { useToast } from '../../shared/ui/toast';
import { useMediaQuery } from '../../shared/ui/useMediaQuery';
import { useCurrentUser, useLogout } from '../features/auth/hooks';
import type { MobileMenuDrawerProps } from './MobileMenuDrawer';
import { MenuIcon, TollOutlinedIcon } from './icons';

export const DRAWER_WIDTH = 264;

// The layout's chrome is written with Box, Paper and ButtonBase, which every page already has, with
// the markup, class names and styles of the MUI components it stood for (Drawer's docked paper,
// AppBar, Toolbar, List and its items, Avatar; the Divider is shared/ui's): those components brought
// Modal, the focus trap and Slide into every signed-in page (decision 0014). The small-screen drawer
// itself is MUI's, loaded when the menu is first opened (MobileMenuDrawer).

/**
 * MUI's ListItemButton (with gutters) holding a ListItemIcon and a ListItemText: the same elements,
 * class names and styles, the theme's MuiListItemButton overrides included, on ButtonBase.
 */
function MenuItemButton({
  icon,
  label,
  selected = false,
  weight,
  ...props
}: {
  icon: ReactNode;
  label: string;
  selected?: boolean;
  /** the label's font weight; the theme's body1 weight when not given */
  weight?: number;
  component?: ElementType;
  to?: string;
  'aria-current'?: 'page';
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <ButtonBase
      className={selected ? 'MuiListItemButton-root Mui-selected' : 'MuiListItemButton-root'}
      focusVisibleClassName="Mui-focusVisible"
      sx={(theme) => ({
        display: 'flex',
        flexGrow: 1,
        justifyContent: 'flex-start',
        alignItems: 'center',
        position: 'relative',
        textDecoration: 'none',
        minWidth: 0,
        boxSizing: 'border-box',
        textAlign: 'left',
        py: '8px',
        px: '16px',
        transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
        '&:hover': {
          textDecoration: 'none',
          backgroundColor: theme.palette.action.hover,
          '@media (hover: none)': { backgroundColor: 'transparent' },
        },
        '&.Mui-selected': {
          backgroundColor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
          '&.Mui-focusVisible': {
            backgroundColor: theme.alpha(
              theme.palette.primary.main,
              theme.palette.action.selectedOpacity + theme.palette.action.focusOpacity,
            ),
          },
        },
        '&.Mui-selected:hover': {
          backgroundColor: theme.alpha(
            theme.palette.primary.main,
            theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity,
          ),
          '@media (hover: none)': {
            backgroundColor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
          },
        },
        '&.Mui-focusVisible': { backgroundColor: theme.palette.action.focus },
        '&.Mui-disabled': { opacity: theme.palette.action.disabledOpacity },
        ...(theme.components?.MuiListItemButton?.styleOverrides?.root as object | undefined),
      })}
      {...props}
    >
      <Box
        className="MuiListItemIcon-root"
        sx={{ minWidth: 40, color: 'action.active', flexShrink: 0, display: 'inline-flex' }}
      >
        {icon}
      </Box>
      <Box className="MuiListItemText-root" sx={{ flex: '1 1 auto', minWidth: 0, my: '4px' }}>
        <Typography variant="body1" component="span" className="MuiListItemText-primary" sx={{ display: 'block' }} fontWeight={weight}>
          {label}
        </Typography>
      </Box>
    </ButtonBase>
  );
}

/**
 * MUI's regular Toolbar with gutters: 16 px gutters, 24 px from `sm`, and the min-height of the
 * theme's toolbar mixin (whose `sm` media query holds the gutters too, so they are merged).
 */
const toolbarSx = (theme: Theme) => {
  const mixin = theme.mixins.toolbar as Record<string, unknown>;
  const sm = theme.breakpoints.up('sm');
  return {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    paddingLeft: theme.spacing(2),
    paddingRight: theme.spacing(2),
    ...mixin,
    [sm]: { ...(mixin[sm] as object | undefined), paddingLeft: theme.spacing(3), paddingRight: theme.spacing(3) },
  } as const;
};

const loadMobileMenuDrawer = () => import('./MobileMenuDrawer').then((m) => m.MobileMenuDrawer);

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
  { label: 'Credits', to: '/credits', icon: <TollOutlinedIcon /> },
  { label: 'Account', to: '/account', icon: <AccountCircleOutlined /> },
];

function isActive(item: NavItem, pathname: string): boolean {
  return (
    pathname === item.to || pathname.startsWith(`${item.to}/`) || (item.alsoActiveOn ?? []).includes(pathname)
  );
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
        <Box
          component="ul"
          className="MuiList-root"
          sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative', display: 'grid', gap: 0.5 }}
        >
          {clientNav.map((item) => {
            const active = isActive(item, pathname);
            return (
              <MenuItemButton
                key={item.to}
                component={RouterLink}
                to={item.to}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                icon={item.icon}
                label={item.label}
                weight={active ? 600 : 500}
              />
            );
          })}
        </Box>
      </Box>
      <Divider />
      <Box sx={{ p: 1.5 }}>
        {user && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 1.5, minWidth: 0 }}>
            <Box
              className="MuiAvatar-root"
              aria-hidden
              sx={{
                position: 'relative',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                flexShrink: 0,
                width: 36,
                height: 36,
                fontFamily: 'fontFamily',
                fontSize: '0.9rem',
                lineHeight: 1,
                borderRadius: '50%',
                overflow: 'hidden',
                userSelect: 'none',
                color: 'background.default',
                bgcolor: 'primary.main',
              }}
            >
              {initials(user.username)}
            </Box>
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
        <MenuItemButton onClick={() => void logout.run()} disabled={logout.pending} icon={<Logout />} label="Logout" />
      </Box>
    </Box>
  );
}

/**
 * Signed-in client pages: a side menu on desktop; on small screens a top bar with the logo and a
 * menu button that opens the same menu in a drawer.
 */
export function ClientLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const [MobileDrawer, setMobileDrawer] = useState<ComponentType<MobileMenuDrawerProps> | null>(null);
  const loadDrawer = () => {
    if (!MobileDrawer) void loadMobileMenuDrawer().then((component) => setMobileDrawer(() => component));
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {desktop ? (
        <Box className="MuiDrawer-root MuiDrawer-docked" sx={{ width: DRAWER_WIDTH, flex: '0 0 auto' }}>
          <Paper
            square
            elevation={0}
            className="MuiDrawer-paper"
            sx={{
              overflowY: 'auto',
              display: 'flex',
              flexDirection: 'column',
              height: '100%',
              flex: '1 0 auto',
              zIndex: 'drawer',
              WebkitOverflowScrolling: 'touch',
              position: 'fixed',
              top: 0,
              left: 0,
              outline: 0,
              width: DRAWER_WIDTH,
              boxSizing: 'border-box',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            <MenuContent />
          </Paper>
        </Box>
      ) : (
        <>
          <Paper
            component="header"
            square
            elevation={0}
            className="MuiAppBar-root mui-fixed"
            sx={{
              display: 'flex',
              flexDirection: 'column',
              width: '100%',
              boxSizing: 'border-box',
              flexShrink: 0,
              position: 'fixed',
              zIndex: 'appBar',
              top: 0,
              left: 'auto',
              right: 0,
              '@media print': { position: 'absolute' },
              color: 'inherit',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={[toolbarSx, { justifyContent: 'space-between' }]}>
              <Logo size="small" />
              <IconButton
                edge="end"
                aria-label="Open menu"
                onPointerEnter={loadDrawer}
                onFocus={loadDrawer}
                onClick={() => {
                  loadDrawer();
                  setOpen(true);
                }}
              >
                <MenuIcon />
              </IconButton>
            </Box>
          </Paper>
          {MobileDrawer && (
            <MobileDrawer open={open} onClose={() => setOpen(false)} width={DRAWER_WIDTH}>
              <MenuContent onNavigate={() => setOpen(false)} />
            </MobileDrawer>
          )}
        </>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 5 } }}>
        {!desktop && <Box sx={toolbarSx} />}
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <Suspense
            fallback={
              <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
                <CircularProgress aria-label="Loading" />
              </Box>
            }
          >
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
