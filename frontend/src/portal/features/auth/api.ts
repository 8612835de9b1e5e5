import { dataOf, http, rawHttp } from '../../../shared/api/client';
import type { LoginRequest, RegisterRequest, RequestCodeRequest, ResetPasswordRequest, User } from '../../../shared/api/schema';

export const CURRENT_USER_KEY = ['/api/user'] as const;

/**
 * GET /api/user. 401 means no user; any other failure is logged and also means no user (spec §7).
 */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    // openapi-fetch reads a failing answer to its end as well, so the browser counts the request as done
    // (a pending one keeps tools that wait for a quiet network, such as Lighthouse, waiting).
    const { data, response } = await rawHttp.GET('/api/user');
    if (response.ok) return data ?? null;
    if (response.status !== 401) console.error(`Failed to fetch user: ${response.statusText || response.status}`);
    return null;
  } catch (err) {
    console.error(`Failed to fetch user: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

export const authApi = {
  login: (body: LoginRequest) => dataOf(http.POST('/api/login', { body })),
  register: (body: RegisterRequest) => dataOf(http.POST('/api/register', { body })),
  logout: () => dataOf(http.POST('/api/logout')),
  requestCode: (body: RequestCodeRequest) => dataOf(http.POST('/api/verify/request-code', { body })),
  resetPassword: (body: ResetPasswordRequest) => dataOf(http.POST('/api/verify/reset-password', { body })),
};
