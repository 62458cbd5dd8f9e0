/** Texts of the back office (issue 9). Both sides import them so the server and dashboard never drift. */
export const ADMIN_MESSAGES = {
  backOfficeOnly: 'Only shop staff can use the back office.',
  ownerOnly: 'Only an owner can do this.',
  pageInvalid: 'Page must be a whole number of 1 or more.',
  pageSizeInvalid: 'Page size must be a whole number from 1 to 100.',
  sortInvalid: (allowed: readonly string[]) => `Sort must be one of: ${allowed.join(', ')}.`,
  dirInvalid: "Direction must be 'asc' or 'desc'.",
  searchTooLong: 'Search text must be at most 100 characters.',
  idInvalid: 'Not a valid id.',
  dateInvalid: 'Dates must be written as YYYY-MM-DD.',
  dateRangeInverted: 'The start date cannot be after the end date.',
  roleInvalid: "Role must be 'staff' or 'owner'.",
  entityInvalid: 'Entity must be 1 to 50 letters, digits, dashes or underscores.',
} as const;
