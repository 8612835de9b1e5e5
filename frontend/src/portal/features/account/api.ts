import { dataOf, http } from '../../../shared/api/client';
import type { UpdateAccountRequest } from '../../../shared/api/schema';

export const accountApi = {
  update: (body: UpdateAccountRequest) => dataOf(http.PATCH('/api/update-account', { body })),
  remove: () => dataOf(http.DELETE('/api/delete-account')),
};
