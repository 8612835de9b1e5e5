import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage, useAdminToast } from '../shared/toast';
import { OUTBOX_KEY } from './queries';
import type { SendResult } from './types';

export interface SendToasts {
  /** title when the server answers success: true, e.g. 'Invitation Sent' */
  success: string;
  /** destructive title when it answers success: false, e.g. 'Failed to Send Invitation' */
  failure: string;
  /** description of the 'Error' toast when the call fails and the server says nothing */
  errorFallback: string;
}

interface SendOptions<TVars> {
  /** after success: true (e.g. reset the form) */
  onSent?: (result: SendResult, vars: TVars) => void;
  /** after a thrown error (4xx/5xx), e.g. put the server's `errors` under the fields */
  onError?: (error: unknown, vars: TVars) => void;
}

/**
 * One e-mail action of the page with the spec's toasts (§8 "E-mail"): success: true -> `success`
 * with the server's message; success: false -> destructive `failure` with the server's message or
 * 'An error occurred'; a thrown error -> destructive 'Error' with the server's message or the
 * fallback. Whatever happens, the outbox is refreshed: every message is stored there first.
 */
export function useEmailSend<TVars = void>(
  send: (vars: TVars) => Promise<SendResult>,
  toasts: SendToasts,
  { onSent, onError }: SendOptions<TVars> = {},
) {
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result, vars) => {
      if (result.success) {
        toast({ title: toasts.success, description: result.message });
        onSent?.(result, vars);
      } else {
        toast({ title: toasts.failure, description: result.message || 'An error occurred', variant: 'destructive' });
      }
    },
    onError: (error, vars) => {
      toast({ title: 'Error', description: serverMessage(error, toasts.errorFallback), variant: 'destructive' });
      onError?.(error, vars);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}
