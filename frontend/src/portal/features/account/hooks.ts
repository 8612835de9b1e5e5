import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAccountRequest } from '../../../shared/api/schema';
import { CURRENT_USER_KEY } from '../auth/api';
import { accountApi } from './api';

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountRequest) => accountApi.update(body),
    onSuccess: (user) => {
      if (user && typeof user === 'object') queryClient.setQueryData(CURRENT_USER_KEY, user);
      else void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

/** Uses a verification link; the current user (if signed in) is read again to show it verified. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => accountApi.verifyEmail(token),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => accountApi.resendVerification() });
}

/** Two-factor sign-in's steps; turning it on or off reads the current user again (its twoFactorEnabled). */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: (currentPassword: string) => accountApi.setupTwoFactor(currentPassword) });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => accountApi.enableTwoFactor(code),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.disableTwoFactor,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

/** The caller clears the session cache itself (after the 2 s redirect delay of spec §4). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: () => accountApi.remove() });
}
