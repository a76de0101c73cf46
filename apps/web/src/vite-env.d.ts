/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Hosted API base, e.g. https://atempo.example.com/api/v1 (defaults to this site's /api/v1). */
  readonly VITE_API_BASE_URL?: string;
  /** 'true' treats every host as production (no localhost:8000 probe). */
  readonly VITE_FORCE_PRODUCTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
