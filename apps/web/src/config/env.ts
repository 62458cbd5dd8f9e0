/** The only module reading import.meta.env (STYLE.md). */
export const env = {
  /** Origin of the API; empty means same origin (production and the Vite proxy). */
  apiOrigin: (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '',
  /** The external admin panel's login page (SPEC §2 Admin page: not part of this app). */
  adminPanelUrl: (import.meta.env.VITE_ADMIN_PANEL_URL as string | undefined) || 'https://admin.shopper.example/login',
  isDev: import.meta.env.DEV,
} as const;
