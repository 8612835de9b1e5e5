import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest, SecondProofRequest, User } from '../../../shared/api/schema';
import { authApi, CURRENT_USER_KEY, currentUserQuery, needsSecondProof } from './api';

/** Drops every cached query except the current user, so one user's data never shows to the next. */
function forgetOtherQueries(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
}

/** The signed-in user (null when signed out). Never retried, never stale (spec §7). */
export function useCurrentUser() {
  const query = useQuery<User | null>(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isPending, query };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => authApi.login(body),
    onSuccess: (answer) => {
      if (needsSecondProof(answer)) return; // nobody is signed in yet
      forgetOtherQueries(queryClient);
      queryClient.setQueryData(CURRENT_USER_KEY, answer);
    },
  });
}

/** The second step of a sign-in that asked for one (a code from the app, a recovery code, or an e-mailed code). */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondProofRequest) => authApi.completeSignIn(body),
    onSuccess: (user) => {
      forgetOtherQueries(queryClient);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => authApi.register(body),
    onSuccess: (user) => {
      forgetOtherQueries(queryClient);
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: ['/api/clients'] });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authApi.logout(),
    onSuccess: () => {
      forgetOtherQueries(queryClient);
      queryClient.setQueryData(CURRENT_USER_KEY, null);
    },
  });
}

export function useRequestCode() {
  return useMutation({ mutationFn: authApi.requestCode });
}

export function useResetPassword() {
  return useMutation({ mutationFn: authApi.resetPassword });
}
