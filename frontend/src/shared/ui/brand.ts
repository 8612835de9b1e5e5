/**
 * The sign-in page's tagline. The studio's name, logo and accent are its settings (CONTRACT §13), read
 * with useStudio() (shared/studio); 'Studio Portal' is the default studio's name.
 */
export const TAGLINE =
  'Access your professional photography projects securely in one place. Pay online and download your images instantly.';
