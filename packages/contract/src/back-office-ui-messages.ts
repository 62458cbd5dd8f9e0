/** Words the back office shows (docs/product.md#back-office); e2e journeys assert the same strings. */
export const BACK_OFFICE_UI_MESSAGES = {
  noAccess: 'You do not have access to the back office',
  noAccessHint: 'Sign in with a staff or owner account, or go back to the shop.',
  signInTitle: 'Sign in to the back office',
  loginFailed: 'Login failed',
  loadFailed: 'Could not load this page. Please try again.',
  saveFailed: 'Could not save your changes. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  // The catalog import and export screen (decision 043).
  importTitle: 'Import products',
  importFileLabel: 'Shopify product CSV',
  importFileMissing: 'Choose a CSV file to import',
  importDefaultCategory: 'Default category',
  importCheck: 'Check the file',
  importNothingWritten:
    'Nothing is written yet. Importing sets stock to the file’s quantities: sales made since this check are overwritten.',
  importNothingToDo: 'Nothing to import: every product of the file is unchanged or refused.',
  importApply: (count: number) => `Import ${count} product${count === 1 ? '' : 's'}`,
  importProgress: (done: number, total: number) => `${done} of ${total} products`,
  importDone: 'The import is done.',
  importFailed: 'The import stopped.',
  importAnother: 'Import another file',
  importActionLabels: { create: 'Create', update: 'Update', unchanged: 'Unchanged', refuse: 'Refused' },
  exportCatalog: 'Export catalog (CSV)',
  /** The name the back office saves the export under; the export's Content-Disposition gives the same. */
  catalogExportFile: 'products.csv',
} as const;
