/**
 * A customer's data rights (docs/product.md#your-data): a copy of everything the shop holds about
 * them, and erasure. The texts the profile and the back office show.
 */
export const FORMER_CUSTOMER = 'Former customer';

/**
 * What happens to an erased customer's reviews, as the owner's shop setting says
 * (docs/product.md#your-data): kept under 'Former customer', or removed.
 */
export const ERASED_REVIEW_POLICIES = ['keep', 'remove'] as const;
export type ErasedReviewPolicy = (typeof ERASED_REVIEW_POLICIES)[number];
export const DEFAULT_ERASED_REVIEW_POLICY: ErasedReviewPolicy = 'keep';

export const DATA_RIGHTS_MESSAGES = {
  exportTitle: 'Download your data',
  exportHint: 'A JSON file with your profile, addresses, orders, reviews, newsletter choice, cart and sessions.',
  exportButton: 'Download my data',
  exportFailed: 'Failed to prepare your data. Please try again.',
  eraseTitle: 'Delete your account',
  /** Told before the password is asked for. */
  eraseExplained: [
    'Your name, email address, phone number and addresses are erased, and you are signed out everywhere.',
    'Your orders stay in our accounts for the tax authorities, without your name, email address, address or phone.',
    'Your saved cards, cart and newsletter subscription are removed.',
    'This cannot be undone.',
  ],
  eraseButton: 'Delete my account',
  eraseConfirm: 'Delete my account for good',
  erasePasswordRequired: 'Please enter your password to delete your account',
  erased: 'Your account has been deleted.',
  staffErased: 'The customer’s personal data has been erased.',
  onlyCustomers: 'Only a customer account can be erased; remove its back-office role first',
  alreadyErased: 'This account has already been erased',
} as const;
