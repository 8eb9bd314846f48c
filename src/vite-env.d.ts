/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Bakes one brand into the build: `male` or `female`. */
  readonly VITE_BRAND?: string;
}
