/**
 * Types of the API responses used by the portal.
 * Written by hand from the spec and CONTRACT.md until the backend's openapi.yaml exists;
 * then this file is replaced by types generated from it (same names).
 */

export type UserRole = 'client' | 'admin';

export interface User {
  id: number;
  username: string;
  email: string;
  company?: string | null;
  /** Any value other than 'admin' is treated as an ordinary user. */
  role: UserRole | string;
  createdAt?: string;
}

/** The error body every failing API call returns. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  error?: string;
  code?: string;
  /** field -> message, for validation errors */
  errors?: Record<string, string>;
}

export interface SuccessResponse {
  success: boolean;
  message: string;
}

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

export interface RequestCodeRequest {
  email: string;
}

export interface ResetPasswordRequest {
  email: string;
  code: string;
  newPassword: string;
}

export interface UpdateAccountRequest {
  username: string;
  email: string;
  company: string;
  password?: string;
}

export const isAdmin = (user: Pick<User, 'role'> | null | undefined): boolean =>
  user?.role === 'admin';

/** One service line of a project (GET /api/projects..., `services`). Money in dollars. */
export interface ProjectServiceLine {
  serviceId: number;
  name: string;
  description: string;
  /** unit price */
  price: number;
  quantity: number;
  /** price × quantity */
  lineTotal: number;
  creditEligible: boolean;
  creditCost: number;
}

/** A project with its services embedded (docs/api/back-office.md, "Projects"). */
export interface Project {
  id: number;
  name: string;
  description: string | null;
  clientId: number;
  /** the client's username, 'Unknown' if missing */
  clientName: string;
  serviceId: number | null;
  thumbnailUrl: string | null;
  /** shown to a client only once the project is paid (null before) */
  downloadLink: string | null;
  photoCount: number;
  price: number;
  isPaid: boolean;
  /** ISO-8601 */
  date: string;
  amountPaid: number;
  unpaidAmount: number;
  /** Σ creditCost × quantity over credit-eligible lines */
  creditCost: number;
  services: ProjectServiceLine[];
}

/** GET /api/public-config (public). Later issues add the payment mode. */
export interface PublicConfig {
  bookingUrl: string | null;
}
