/** Words the back office shows (docs/product.md#back-office); e2e journeys assert the same strings. */
export const BACK_OFFICE_UI_MESSAGES = {
  noAccess: 'You do not have access to the back office',
  noAccessHint: 'Sign in with a staff or owner account, or go back to the shop.',
  signInTitle: 'Sign in to the back office',
  loginFailed: 'Login failed',
  loadFailed: 'Could not load this page. Please try again.',
  saveFailed: 'Could not save your changes. Please try again.',
  actionFailed: 'That did not work. Please try again.',
} as const;
