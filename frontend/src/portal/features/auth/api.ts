import { api } from '../../../shared/api/client';
import type {
  LoginRequest,
  RegisterRequest,
  RequestCodeRequest,
  ResetPasswordRequest,
  SuccessResponse,
  User,
} from '../../../shared/api/types';

export const CURRENT_USER_KEY = ['/api/user'] as const;

/**
 * GET /api/user. 401 means no user; any other failure is logged and also means no user (spec §7).
 */
export async function fetchCurrentUser(): Promise<User | null> {
  let res: Response;
  try {
    res = await fetch('/api/user', { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch (err) {
    console.error(`Failed to fetch user: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
  if (!res.ok) {
    // The answer is read to its end even when unused, so the browser counts the request as done (a
    // pending one keeps tools that wait for a quiet network, such as Lighthouse, waiting).
    await res.text().catch(() => undefined);
    if (res.status !== 401) console.error(`Failed to fetch user: ${res.statusText || res.status}`);
    return null;
  }
  try {
    return (await res.json()) as User;
  } catch (err) {
    console.error(`Failed to fetch user: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

export const authApi = {
  login: (body: LoginRequest) => api.post<User>('/api/login', body),
  register: (body: RegisterRequest) => api.post<User>('/api/register', body),
  logout: () => api.post<void>('/api/logout'),
  requestCode: (body: RequestCodeRequest) => api.post<SuccessResponse>('/api/verify/request-code', body),
  resetPassword: (body: ResetPasswordRequest) => api.post<SuccessResponse>('/api/verify/reset-password', body),
};
