/** The studio's name, used as the logo text (set VITE_STUDIO_NAME at build time to change it). */
export const STUDIO_NAME: string = import.meta.env.VITE_STUDIO_NAME?.trim() || 'Studio Portal';

export const TAGLINE =
  'Access your professional photography projects securely in one place. Pay online and download your images instantly.';
