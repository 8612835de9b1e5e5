import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { Component, Suspense, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { AppBar, Loading, Sidebar, SkipNavigationButton, TitlePortal } from 'react-admin';
import { Logo } from '../../shared/ui/Logo';
import { preloadTooltip } from '../shared/LazyTooltip';
import { AdminErrorPage } from './AdminErrorPage';
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

interface BoundaryState {
  error?: Error;
  errorInfo?: ErrorInfo;
}

/** What react-error-boundary does for react-admin's Layout: the error page in place of the page, until reset. */
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(_error: Error, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  reset = () => this.setState({ error: undefined, errorInfo: undefined });

  override render() {
    const { error, errorInfo } = this.state;
    if (error) return <AdminErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={this.reset} />;
    return this.props.children;
  }
}

/**
 * react-admin's Layout (same markup, class names and styles: app bar, sidebar with the menu, the page
 * under an error boundary and Suspense) without what it holds for cases this app never shows at first:
 * the error page is fetched when a page fails, and the preferences inspector (no page is configurable
 * here) is left out. react-admin's Layout kept the error page's MUI parts in every page's first load
 * (decision 0014).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  // tooltips are not part of a page's first load: fetched once the page has rendered (LazyTooltip)
  useEffect(() => void preloadTooltip(), []);
  return (
    <Root className="layout">
      <SkipNavigationButton />
      <div className={classes.appFrame}>
        <AdminAppBar />
        <main className={classes.contentWithSidebar}>
          <Sidebar>
            <AdminMenu />
          </Sidebar>
          <div id="main-content" className={classes.content}>
            <PageErrorBoundary>
              <Suspense fallback={<Loading />}>
                {/* minWidth 0: a wide table scrolls inside its card instead of widening the page on phones */}
                <Box sx={{ py: { xs: 2, md: 3 }, px: { xs: 0, md: 1 }, minWidth: 0 }}>{children}</Box>
              </Suspense>
            </PageErrorBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
}

const PREFIX = 'RaLayout';
const classes = {
  appFrame: `${PREFIX}-appFrame`,
  contentWithSidebar: `${PREFIX}-contentWithSidebar`,
  content: `${PREFIX}-content`,
};

// react-admin's Layout styles, unchanged (ra-ui-materialui/src/layout/Layout.tsx)
const Root = styled('div', {
  name: PREFIX,
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${classes.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: {
      marginTop: theme.spacing(7),
    },
  },
  [`& .${classes.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${classes.content}`]: {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: {
      paddingRight: theme.spacing(1),
      paddingLeft: theme.spacing(1),
    },
  },
}));
