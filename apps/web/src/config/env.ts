/** The only module reading import.meta.env (STYLE.md). */
export const env = {
  /** Origin of the API; empty means same origin (production and the Vite proxy). */
  apiOrigin: (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '',
  /**
   * The admin panel of SPEC §2 Admin page: the back office (its own bundle). The server writes
   * ADMIN_URL into index.html's meta tag; without one, this shop's /dashboard/.
   */
  adminPanelUrl:
    globalThis.document?.querySelector<HTMLMetaElement>('meta[name="shopper-admin-url"]')?.content || '/dashboard/',
  isDev: import.meta.env.DEV,
} as const;
