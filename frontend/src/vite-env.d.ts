/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The studio's name, shown as the logo text. */
  readonly VITE_STUDIO_NAME?: string;
}
