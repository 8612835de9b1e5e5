import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import TollOutlined from '@mui/icons-material/TollOutlined';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { serverMessageOf } from '../../shared/api/client';
import type { CreditBundle } from '../../shared/api/schema';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useToast } from '../../shared/ui/toast';
import { useCurrentUser } from '../features/auth/hooks';
import { BundleCard } from '../features/credits/components/BundleCard';
import { creditsText } from '../features/credits/components/CreditBalanceChip';
import { useCreditBalance, useCreditBundles, usePurchaseCredits } from '../features/credits/hooks';
import { CardPaymentProvider, useCardPayment } from '../features/payments/components/CardPaymentProvider';
import { StatePanel } from '../features/projects/components/StatePanel';

const gridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** /credits: the client's balance and the bundles they can buy (spec §2 "Credits page"). */
export function CreditsPage() {
  const { user } = useCurrentUser();
  const credits = useCreditBalance(user?.id);
  useReturnFromPayment(user?.id);

  return (
    <CardPaymentProvider>
      <PageHeader title="Credits" subtitle="Prepaid credits pay for eligible services on your projects." />
      <BalancePanel balance={credits.balance} loading={credits.isPending && credits.fetchStatus !== 'idle'} />
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        Available Bundles
      </Typography>
      <Bundles />
    </CardPaymentProvider>
  );
}

/**
 * A return from an external payment page (/credits?success=true&bundleId=N): POST /api/purchase-credits
 * {bundleId} once (spec §4: bundleId only), then clear the query string.
 */
function useReturnFromPayment(userId: number | undefined) {
  const [params, setParams] = useSearchParams();
  const purchase = usePurchaseCredits(userId);
  const { toast } = useToast();
  const handled = useRef(false);
  const success = params.get('success') === 'true';
  const bundleId = Number(params.get('bundleId'));

  useEffect(() => {
    if (!success || handled.current || userId === undefined) return;
    handled.current = true;
    if (Number.isInteger(bundleId) && bundleId > 0) {
      purchase.mutate(
        { bundleId },
        {
          onSuccess: () => toast({ title: 'Purchase Successful', description: 'Your credits have been added to your account' }),
          onError: (error) =>
            toast({
              title: 'Purchase Failed',
              description: serverMessageOf(error, 'Failed to add your credits. Please contact support.'),
              variant: 'destructive',
            }),
        },
      );
    }
    setParams({}, { replace: true });
  }, [success, bundleId, userId, purchase, setParams, toast]);
}

function BalancePanel({ balance, loading }: { balance: number | undefined; loading: boolean }) {
  return (
    <Paper
      variant="outlined"
      aria-labelledby="credit-balance-title"
      component="section"
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', alignItems: 'center', gap: 2.5, bgcolor: 'background.paper' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#e0e7ff',
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        <TollOutlined fontSize="large" />
      </Box>
      <Box>
        <Typography id="credit-balance-title" variant="body2" color="text.secondary">
          Your Credit Balance
        </Typography>
        {balance !== undefined ? (
          <Typography variant="h4" component="p" fontWeight={700} data-testid="credits-balance">
            {creditsText(balance)}
          </Typography>
        ) : loading ? (
          <Skeleton width={140} height={44} role="status" aria-label="Loading balance" />
        ) : (
          <Typography variant="body1" color="text.secondary" data-testid="credits-balance">
            Balance unavailable
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function Bundles() {
  const bundles = useCreditBundles();
  const { startBundle, openingBundleId } = useCardPayment();
  const purchase = (bundle: CreditBundle) => startBundle(bundle);

  if (bundles.isPending) {
    return (
      <Box sx={gridSx} role="status" aria-busy="true" aria-label="Loading bundles">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={210} />
        ))}
      </Box>
    );
  }
  if (!bundles.data) {
    return (
      <StatePanel icon={<ErrorOutline />} title="Failed to load credit bundles" tone="error">
        Please try again later or contact support.
      </StatePanel>
    );
  }
  if (bundles.data.length === 0) {
    return (
      <StatePanel icon={<Inventory2Outlined />} title="No Credit Bundles Available">
        The studio has no credit bundles on sale right now. Please check back later.
      </StatePanel>
    );
  }
  return (
    <Box sx={gridSx} role="list" aria-label="Available Bundles">
      {bundles.data.map((bundle) => (
        <Box role="listitem" key={bundle.id}>
          <BundleCard bundle={bundle} opening={openingBundleId === bundle.id} disabled={openingBundleId !== null} onPurchase={purchase} />
        </Box>
      ))}
    </Box>
  );
}
