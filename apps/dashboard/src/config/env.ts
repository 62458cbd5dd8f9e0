/** The only module reading import.meta.env (docs/style.md#configuration). */
export const env = {
  /** Origin of the API; empty means same origin (the server serves /dashboard and /api together). */
  apiOrigin: (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '',
  /** Where the router lives: '/dashboard/' in the build (vite `base`), so links stay inside it. */
  basePath: import.meta.env.BASE_URL,
} as const;
