import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorText } from '../../../shared/api/client';
import type { CreditBundle, PurchaseCreditsRequest, RedeemCreditsRequest, UserCredits } from '../../../shared/api/schema';
import { useToast } from '../../../shared/ui/toast';
import { refreshProjectLists } from '../payments/hooks';
import { CREDIT_BUNDLES_KEY, creditsApi, USER_CREDITS_PREFIX, userCreditsKey } from './api';

/** Spec §8. */
export const BALANCE_LOAD_ERROR = 'Failed to load your credit balance...';
export const BUNDLES_LOAD_ERROR = 'Failed to load credit bundles...';

/** Toasts a query's failure once per failed fetch (an error already cached at mount is not toasted again). */
function useToastOnError(query: { isError: boolean; error: unknown; errorUpdatedAt: number }, title: string) {
  const { toast } = useToast();
  const last = useRef(query.errorUpdatedAt);
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt <= last.current) return;
    last.current = errorUpdatedAt;
    toast({ title, description: errorText(error), variant: 'destructive' });
  }, [isError, error, errorUpdatedAt, title, toast]);
}

/** The signed-in user's credit balance; a failed load is toasted 'Failed to load your credit balance...'. */
export function useCreditBalance(userId: number | undefined) {
  const query = useQuery<UserCredits>({
    queryKey: userCreditsKey(userId ?? 0),
    queryFn: () => creditsApi.balance(userId as number),
    enabled: userId !== undefined,
    retry: false,
    refetchOnWindowFocus: false,
  });
  useToastOnError(query, BALANCE_LOAD_ERROR);
  const balance = query.data ? Number(query.data.balance) || 0 : undefined;
  return { ...query, balance };
}

/** The bundles a client can buy; a failed load is toasted 'Failed to load credit bundles...'. */
export function useCreditBundles() {
  const query = useQuery<CreditBundle[]>({
    queryKey: CREDIT_BUNDLES_KEY,
    queryFn: creditsApi.bundles,
    retry: false,
    refetchOnWindowFocus: false,
  });
  useToastOnError(query, BUNDLES_LOAD_ERROR);
  return query;
}

/** Stores a balance the server just returned, then refetches every cached balance. */
export function refreshCreditBalances(queryClient: QueryClient, userId?: number, balance?: number) {
  if (userId !== undefined && typeof balance === 'number' && Number.isFinite(balance)) {
    queryClient.setQueryData<UserCredits>(userCreditsKey(userId), { userId, balance });
  }
  return queryClient.invalidateQueries({ queryKey: USER_CREDITS_PREFIX });
}

/** POST /api/redeem-credits; on success the projects and the balance are refreshed. */
export function useRedeemCredits(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedeemCreditsRequest) => creditsApi.redeem(body),
    onSuccess: (response) =>
      Promise.all([refreshProjectLists(queryClient), refreshCreditBalances(queryClient, userId, response?.creditBalance)]),
  });
}

/** POST /api/purchase-credits; on success the balance is refreshed. */
export function usePurchaseCredits(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseCreditsRequest) => creditsApi.purchase(body),
    onSuccess: (response) => refreshCreditBalances(queryClient, userId, response?.creditBalance),
  });
}
