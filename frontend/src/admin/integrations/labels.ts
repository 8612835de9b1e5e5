import type { DeliveryStatus, TokenScope } from './types';

export const scopeLabel = (scope: TokenScope) => (scope === 'write' ? 'Read and write' : 'Read only');

export const deliveryStatusLabel: Record<DeliveryStatus, string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  pending: 'Pending',
};

export const deliveryStatusColor: Record<DeliveryStatus, 'success' | 'error' | 'warning'> = {
  succeeded: 'success',
  failed: 'error',
  pending: 'warning',
};
