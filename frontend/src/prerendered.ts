/** The public pages whose HTML the build prerenders (scripts/prerender.mjs) and main.tsx hydrates. */
export const PRERENDERED_PAGES: readonly string[] = ['/auth', '/forgot-password', '/reset-password'];
