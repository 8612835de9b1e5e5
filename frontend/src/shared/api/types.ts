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
