import { api } from '../../../shared/api/client';
import type { SuccessResponse, UpdateAccountRequest, User } from '../../../shared/api/types';

export const accountApi = {
  update: (body: UpdateAccountRequest) => api.patch<User>('/api/update-account', body),
  remove: () => api.delete<SuccessResponse | undefined>('/api/delete-account'),
};
