import ErrorOutline from '@mui/icons-material/ErrorOutline';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Refresh from '@mui/icons-material/Refresh';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { errorText, serverMessageOf } from '../../shared/api/client';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useToast } from '../../shared/ui/toast';
import { useCurrentUser } from '../features/auth/hooks';
import { ProjectCard } from '../features/projects/components/ProjectCard';
import { ProjectCardSkeleton } from '../features/projects/components/ProjectCardSkeleton';
import { ProjectGrid } from '../features/projects/components/ProjectGrid';
import { ProjectSearchField } from '../features/projects/components/ProjectSearchField';
import { StatePanel } from '../features/projects/components/StatePanel';
import { filterProjects } from '../features/projects/filter';
import { useClientProjects } from '../features/projects/hooks';
import { CardPaymentProvider } from '../features/payments/components/CardPaymentProvider';
import { PayFromLink } from '../features/payments/components/PayFromLink';
import { ReceiptButton } from '../features/payments/components/ReceiptButton';
import { receiptsByProject, useMyPayments } from '../features/payments/receipts';
import { CreditBalanceChip } from '../features/credits/components/CreditBalanceChip';
import { preloadCreditsRedeemedPanel, ProjectPaymentActions } from '../features/credits/components/ProjectPaymentActions';
import { useCreditBalance, useRedeemCredits } from '../features/credits/hooks';
import type { Project } from '../../shared/api/schema';

// shown after a card payment only: loaded then
const PaymentSuccessDialog = lazy(() =>
  import('../features/payments/components/PaymentSuccessDialog').then((m) => ({ default: m.PaymentSuccessDialog })),
);

/** Spec §9: the loading grid shows 3 skeleton cards. */
export const SKELETON_CARDS = 3;

function countText(shown: number, total: number, searching: boolean): string {
  const noun = (n: number) => (n === 1 ? 'project' : 'projects');
  return searching ? `${shown} of ${total} ${noun(total)}` : `${total} ${noun(total)}`;
}

/** /projects: the client's 'My Projects'. */
export function ProjectsPage() {
  const { user } = useCurrentUser();
  const projects = useClientProjects(user?.id);
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  // the 'Payment Successful!' dialog: the project just paid and the amount
  const [paid, setPaid] = useState<{ project: Project; amount: number } | null>(null);
  const [successOpen, setSuccessOpen] = useState(false);
  const credits = useCreditBalance(user?.id);
  const redeem = useRedeemCredits(user?.id);
  const [redeemingId, setRedeemingId] = useState<number | null>(null);
  // projects where credits were redeemed but money is still owed: id -> dollars left (spec §4)
  const [redeemed, setRedeemed] = useState<ReadonlyMap<number, number>>(new Map());

  /** 'Use Credits (N)': no confirmation, the cost is on the button (CONTRACT §7). */
  const redeemCredits = (project: Project) => {
    if (redeemingId !== null) return;
    setRedeemingId(project.id);
    // the 'Credits Successfully Redeemed!' panel's chunk, fetched alongside the call
    const panel = preloadCreditsRedeemedPanel().catch(() => undefined);
    redeem.mutate(
      { projectId: project.id, description: `Credits used on ${project.name}` },
      {
        onSuccess: async (result) => {
          if (result?.hasRemainingServices) {
            await panel;
            setRedeemed((current) => new Map(current).set(project.id, Number(result.remainingBalance) || 0));
          }
          setRedeemingId(null);
        },
        onError: (error) => {
          toast({
            title: 'Redemption Failed',
            description: serverMessageOf(error, 'Failed to redeem credits. Please try again.'),
            variant: 'destructive',
          });
          setRedeemingId(null);
        },
      },
    );
  };

  // One toast per failed fetch: 'Failed to refresh projects' after a click on Refresh Projects,
  // 'Failed to load projects' otherwise. An error already in the cache when the page mounts is not
  // toasted again (the refetch on mount reports its own outcome).
  const refreshRequested = useRef(false);
  const lastToastedError = useRef(projects.errorUpdatedAt);
  const { isError, error, errorUpdatedAt } = projects;
  useEffect(() => {
    if (!isError || errorUpdatedAt <= lastToastedError.current) return;
    lastToastedError.current = errorUpdatedAt;
    const refresh = refreshRequested.current;
    refreshRequested.current = false;
    toast({
      title: refresh ? 'Failed to refresh projects' : 'Failed to load projects',
      description: errorText(error),
      variant: 'destructive',
    });
  }, [isError, error, errorUpdatedAt, toast]);

  const refresh = () => {
    refreshRequested.current = true;
    void projects.refetch().then((result) => {
      if (!result.isError) refreshRequested.current = false;
    });
  };

  // The cards render as a background render once the list is in, in slices that leave the browser free
  // between them, not as one long task (decision 0014); the skeleton stays until then.
  const all = useDeferredValue(projects.data);
  const pending = useDeferredValue(projects.isPending);
  const visible = useMemo(() => (all ? filterProjects(all, search) : []), [all, search]);
  const searching = search.trim() !== '';
  // Receipts of paid projects: asked for only once a project is paid (CONTRACT §11).
  const payments = useMyPayments(Boolean(all?.some((p) => p.isPaid)));
  const receipts = useMemo(() => receiptsByProject(payments.data), [payments.data]);
  const refreshing = projects.isFetching && !projects.isPending;

  let content;
  if (pending) {
    content = (
      <ProjectGrid label="Loading projects" busy>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <ProjectCardSkeleton key={i} />
        ))}
      </ProjectGrid>
    );
  } else if (!all) {
    content = (
      <StatePanel icon={<ErrorOutline />} title="Failed to load projects" tone="error">
        Please try again later or contact support.
      </StatePanel>
    );
  } else if (all.length === 0) {
    content = (
      <StatePanel icon={<PhotoLibraryOutlined />} title="No Projects Yet">
        Your photography projects will appear here as soon as the studio adds them.
      </StatePanel>
    );
  } else if (visible.length === 0) {
    content = (
      <StatePanel
        icon={<SearchOff />}
        title="No matching projects"
        action={
          <Button variant="outlined" onClick={() => setSearch('')}>
            Clear search
          </Button>
        }
      >
        No projects match “{search.trim()}”. Try another name, address or service.
      </StatePanel>
    );
  } else {
    content = (
      <ProjectGrid label="Projects">
        {visible.map((project) => (
          // unpaidActions: shown only while the project is unpaid; a paid card shows 'View Project'
          <ProjectCard
            key={project.id}
            project={project}
            paidActions={<ReceiptButton receipts={receipts.get(project.id) ?? []} />}
            unpaidActions={
              <ProjectPaymentActions
                project={project}
                balance={credits.balance}
                redeemedRemaining={redeemed.get(project.id)}
                redeemingId={redeemingId}
                onRedeem={redeemCredits}
              />
            }
          />
        ))}
      </ProjectGrid>
    );
  }

  return (
    <CardPaymentProvider
      onPaid={(project, amount) => {
        setPaid({ project, amount });
        setSuccessOpen(true);
      }}
    >
      <PageHeader
        title="My Projects"
        subtitle="Your photo sessions in one place: review, pay online and download your images."
        actions={
          <>
            <CreditBalanceChip balance={credits.balance} loading={credits.isPending && credits.fetchStatus !== 'idle'} />
            <Button
              variant="outlined"
              onClick={refresh}
              disabled={projects.isFetching}
              startIcon={refreshing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Refresh />}
              sx={{ bgcolor: 'background.paper' }}
            >
              Refresh Projects
            </Button>
          </>
        }
      />

      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 3,
        }}
      >
        <Box role="search" sx={{ flex: 1, display: 'flex' }}>
          <ProjectSearchField value={search} onChange={setSearch} />
        </Box>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
          {all && all.length > 0 && countText(visible.length, all.length, searching)}
        </Typography>
      </Box>

      {content}
      <PayFromLink projects={projects.data} />

      {paid && (
        <Suspense fallback={null}>
          <PaymentSuccessDialog
            project={paid.project}
            amount={paid.amount}
            open={successOpen}
            onClose={() => {
              setSuccessOpen(false);
              // back on the list: it shows the project as Paid with its 'View Project' link
              void projects.refetch();
            }}
            onExited={() => setPaid(null)}
          />
        </Suspense>
      )}
    </CardPaymentProvider>
  );
}
