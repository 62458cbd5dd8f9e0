/** The only module reading import.meta.env (docs/style.md#configuration). */
export const env = {
  /** Origin of the API; empty means same origin (production and the Vite proxy). */
  apiOrigin: (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '',
  isDev: import.meta.env.DEV,
} as const;
