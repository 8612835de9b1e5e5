/**
 * What the prerendered pages hold where the studio's name and logo show (scripts/prerender.mjs renders
 * them for this studio); the server puts the real ones in when it sends a page
 * (backend/src/modules/studio/infrastructure/http/studio-page.ts holds the same two strings). Decision 0043.
 */
export const STUDIO_NAME_PLACEHOLDER = '__STUDIO_NAME__';
export const STUDIO_LOGO_PLACEHOLDER = '__STUDIO_LOGO_URL__';
