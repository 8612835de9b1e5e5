import { dataOf, http, rawHttp } from '../../../shared/api/client';
import type {
  LoginRequest,
  RegisterRequest,
  RequestCodeRequest,
  ResetPasswordRequest,
  SecondProofRequest,
  SecondProofRequired,
  User,
} from '../../../shared/api/schema';

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

/** The options of the current user's query (useCurrentUser), for prefetching it with the same. */
export const currentUserQuery = {
  queryKey: CURRENT_USER_KEY,
  queryFn: fetchCurrentUser,
  retry: false,
  refetchOnWindowFocus: false,
  staleTime: Infinity,
} as const;

export const authApi = {
  /** The user, signed in; or, when a second proof must follow, which one (a pending sign-in in its own cookie). */
  login: (body: LoginRequest) => dataOf(http.POST('/api/login', { body })) as Promise<User | SecondProofRequired>,
  /** POST /api/login/2fa: the second proof; completes the pending sign-in of this browser. */
  completeSignIn: (body: SecondProofRequest) => dataOf(http.POST('/api/login/2fa', { body })),
  register: (body: RegisterRequest) => dataOf(http.POST('/api/register', { body })),
  logout: () => dataOf(http.POST('/api/logout')),
  requestCode: (body: RequestCodeRequest) => dataOf(http.POST('/api/verify/request-code', { body })),
  resetPassword: (body: ResetPasswordRequest) => dataOf(http.POST('/api/verify/reset-password', { body })),
};

/** Did POST /api/login answer with a pending sign-in rather than a user? */
export function needsSecondProof(answer: User | SecondProofRequired): answer is SecondProofRequired {
  return (answer as SecondProofRequired).twoFactorRequired === true;
}
