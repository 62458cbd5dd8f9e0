var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// apps/server/src/main.ts
import path7 from "node:path";
import closeWithGrace from "close-with-grace";

// apps/server/src/app.ts
import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";

// packages/contract/src/constants.ts
var CATEGORIES = ["men", "women", "kids"];
var PRODUCT_SORTS = ["price-asc", "price-desc", "date-newest", "date-oldest", "discount", "rating"];
var DEFAULT_PRODUCT_PAGE_SIZE = 12;
var MAX_PRODUCT_PAGE_SIZE = 100;
var ADULT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
var KIDS_SIZES = ["2-3Y", "4-5Y", "6-7Y", "8-9Y", "10-11Y", "12-13Y"];
var FEATURED_WOMEN_COUNT = 4;
var NEW_COLLECTION_COUNT = 8;
var RELATED_PRODUCTS_COUNT = 4;
var PLACEHOLDER_IMAGE = "/images/placeholder.svg";
var ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
var REFRESH_TOKEN_TTL_DAYS = 30;
var EMAIL_VERIFICATION_TTL_HOURS = 24;
var PASSWORD_RESET_TTL_HOURS = 1;

// packages/contract/src/messages.ts
var MESSAGES = {
  unexpected: "An unexpected error occurred",
  timeout: "Request timed out. Please check your internet connection and try again.",
  network: "Unable to connect to the server. Please check your internet connection.",
  validationFailed: "Please correct the errors in the form.",
  loadProductsFailed: "Failed to load products. Please try again later.",
  loadPopularFailed: "Failed to load popular products",
  loadNewArrivalsFailed: "Failed to load new arrivals",
  invalidDataFormat: "Invalid data format from server",
  errorLoadingProducts: "Error Loading Products",
  noProductsMatchFilters: "No products match your current filters.",
  noProductsInCategory: "No products available in this category.",
  productNotFound: "Product Not Found",
  productLoadingError: "Product Loading Error",
  productLoadingErrorDetail: (id) => `We had trouble loading details for ${id}.`,
  noProductIdentifier: "No product identifier provided",
  pageNotFound: "The page you are looking for doesn't exist or has been moved.",
  loginToAddToCart: "Please login to add items to cart",
  selectSizeBeforeAdding: "Please select a size before adding to cart",
  selectSizeForProduct: "Please select a size for this product",
  selectSizeInline: "Please select a size",
  addToCartFailed: "Failed to add item to cart. Please try again.",
  categoryNotFound: (category) => `Category '${category}' does not exist.`,
  productIdNotFound: (id) => `No product with id '${id}'.`,
  productSlugNotFound: (slug) => `No product with slug '${slug}'.`,
  apiRouteNotFound: (method, url) => `Route ${method} ${url} not found`,
  priceRangeInverted: "The minimum price cannot be above the maximum price.",
  // Web texts named by SPEC §2, §5 and §8.
  errorLoadingSection: (detail) => `Error loading products: ${detail}`,
  loginAgainToAddToCart: "Please login again to add items to cart",
  noReviewsYet: "No reviews yet. Be the first to review this product!",
  somethingWentWrong: "Oops! Something went wrong",
  categoryCollectionTitle: (category) => `${category} Collection`,
  categoryCollectionSubtitle: (category) => `Explore our latest ${category} collection with the finest quality and trends.`,
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email"
};

// packages/contract/src/pricing.ts
function toCents(dollars) {
  return Math.round(dollars * 100);
}
function toDollars(cents) {
  return cents / 100;
}

// packages/contract/src/pagination.ts
function totalPagesFor(total, pageSize) {
  return Math.max(1, Math.ceil(total / pageSize));
}

// packages/contract/src/schemas/error.ts
import { z } from "zod";
var ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "EMAIL_NOT_VERIFIED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYMENT_FAILED",
  "INTERNAL"
];
var FieldErrorSchema = z.object({ param: z.string(), msg: z.string() });
var ErrorBodySchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional()
});

// packages/contract/src/schemas/product.ts
import { z as z2 } from "zod";
var CategorySchema = z2.enum(CATEGORIES);
var SizeStockSchema = z2.object({
  size: z2.string(),
  quantity: z2.number().int().nonnegative()
});
var ProductSchema = z2.object({
  _id: z2.string(),
  id: z2.string(),
  slug: z2.string(),
  name: z2.string(),
  images: z2.array(z2.string()),
  mainImage: z2.string(),
  mainImageIndex: z2.number().int().nonnegative(),
  image: z2.string(),
  old_price: z2.number().nonnegative(),
  /** 0 means no discount (SPEC §3). */
  new_price: z2.number().nonnegative(),
  category: CategorySchema,
  tags: z2.array(z2.string()),
  types: z2.array(z2.string()),
  rating: z2.number().min(0).max(5),
  reviewCount: z2.number().int().nonnegative(),
  sizes: z2.array(z2.string()),
  stock: z2.array(SizeStockSchema),
  shortDescription: z2.string(),
  longDescription: z2.string(),
  description: z2.string(),
  brand: z2.string(),
  date: z2.string(),
  in_stock: z2.boolean()
});
var queryText = (max) => z2.string().trim().max(max).refine((value) => !value.includes("\0"), "Text may not contain NUL characters");
var commaList = queryText(500).transform(
  (value) => value.split(",").map((part) => part.trim()).filter((part) => part.length > 0)
);
var booleanFlag = z2.enum(["true", "false"]).transform((value) => value === "true");
var ProductListQueryObject = z2.object({
  q: queryText(100).optional(),
  category: CategorySchema.optional(),
  minPrice: z2.coerce.number().min(0).max(1e6).optional(),
  /** 0 means unbounded (SPEC §5 Price filter). */
  maxPrice: z2.coerce.number().min(0).max(1e6).optional(),
  rating: z2.coerce.number().int().min(1).max(5).optional(),
  discount: booleanFlag.optional(),
  sizes: commaList.optional(),
  types: commaList.optional(),
  brand: queryText(100).optional(),
  sort: z2.enum(PRODUCT_SORTS).optional(),
  page: z2.coerce.number().int().min(1).max(1e4).default(1),
  limit: z2.coerce.number().int().min(1).max(MAX_PRODUCT_PAGE_SIZE).default(DEFAULT_PRODUCT_PAGE_SIZE)
});
function withPriceRange(schema) {
  return schema.refine(
    (query) => query.minPrice === void 0 || query.maxPrice === void 0 || query.maxPrice === 0 || query.minPrice <= query.maxPrice,
    { message: MESSAGES.priceRangeInverted, path: ["minPrice"] }
  );
}
var ProductListQuerySchema = withPriceRange(ProductListQueryObject);
var CategoryProductListQuerySchema = withPriceRange(ProductListQueryObject.omit({ category: true }));
var ProductListSchema = z2.object({
  success: z2.literal(true),
  products: z2.array(ProductSchema),
  total: z2.number().int().nonnegative(),
  page: z2.number().int().min(1),
  limit: z2.number().int().min(1),
  totalPages: z2.number().int().min(1)
});
var ProductCollectionSchema = z2.object({
  success: z2.literal(true),
  products: z2.array(ProductSchema)
});
var ProductAnswerSchema = z2.object({
  success: z2.literal(true),
  product: ProductSchema
});
var ProductFacetsSchema = z2.object({
  success: z2.literal(true),
  types: z2.array(z2.string()),
  sizes: z2.array(z2.string()),
  brands: z2.array(z2.string()),
  maxPrice: z2.number().nonnegative()
});
var ProductFacetsQuerySchema = z2.object({ category: CategorySchema.optional() });

// packages/contract/src/account-messages.ts
var ACCOUNT_MESSAGES = {
  nameRequired: "Name is required",
  nameLength: "Name should be between 2 and 30 characters",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email",
  passwordRequired: "Password is required",
  passwordTooShort: "Password should be at least 8 characters long",
  passwordNeedsUppercase: "Password must contain at least 1 uppercase letter",
  passwordNeedsNumber: "Password must contain at least 1 number",
  passwordNeedsSpecial: "Password must contain at least 1 special character",
  passwordSummary: "Password should be at least 8 characters with uppercase, number, and special character",
  passwordTooLong: "Password cannot exceed 128 characters",
  confirmPasswordRequired: "Please confirm your password",
  passwordsMustMatch: "Passwords must match",
  passwordsMatch: "Passwords match!",
  passwordsDoNotMatch: "Passwords do not match",
  currentPasswordRequired: "Current password is required",
  newPasswordRequired: "New password is required",
  resetTokenRequired: "Reset token is required",
  resetTokenInvalid: "Invalid reset token",
  phoneRequired: "Phone number is required",
  phoneDigits: "Phone number should be 10-15 digits",
  streetRequired: "Street address is required",
  streetTooShort: "Street address should be at least 3 characters",
  cityRequired: "City is required",
  cityTooShort: "City should be at least 2 characters",
  stateRequired: "State is required",
  stateTooShort: "State should be at least 2 characters",
  zipRequired: "Zip/Postal code is required",
  zipInvalid: "Please enter a valid zip/postal code (4-12 characters)",
  countryRequired: "Country is required",
  countryInvalid: "Please select a valid country",
  termsRequired: "You must accept the terms and conditions to create an account",
  disablePasswordRequired: "Password is required to disable your account.",
  enterEmailAddress: "Please enter your email address",
  textHasNul: "Text may not contain NUL characters",
  // Server answers.
  emailTaken: "An account with this email already exists",
  invalidCredentials: "Invalid email or password",
  accountDisabled: "This account has been disabled. Please contact customer support.",
  currentPasswordIncorrect: "Current password is incorrect",
  newPasswordSameAsCurrent: "New password must be different from your current password",
  passwordIncorrect: "Password is incorrect",
  authenticationRequired: "Authentication required",
  sessionExpired: "Your session has expired. Please log in again.",
  authError: "Authentication error. Please log in again.",
  noAccountWithEmail: "No account found with this email address",
  recoveryEmailSent: "If an account exists for this email, a recovery link is on its way.",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  passwordResetSuccess: "Your password has been reset. Please log in with your new password.",
  verificationLinkInvalid: "Verification failed. The link may have expired.",
  emailVerified: "Your email has been verified.",
  emailAlreadyVerified: "Your email is already verified.",
  verificationSent: (email) => `Verification email sent to ${email}.`,
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  selfAdminDisabled: "Self-service admin access is disabled on this shop.",
  nowAdmin: "You are now an admin",
  adminRemoved: "Admin status removed",
  profileUpdated: "Profile updated successfully!",
  passwordChanged: "Password changed successfully!",
  accountDisabledDone: "Your account has been disabled. You will be logged out.",
  loggedOut: "You have been logged out.",
  emailVerificationRequired: "Email verification is required for this action."
};

// packages/contract/src/countries.ts
var COUNTRIES = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "MX", name: "Mexico" },
  { code: "AR", name: "Argentina" },
  { code: "BR", name: "Brazil" },
  { code: "GB", name: "United Kingdom" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "IT", name: "Italy" },
  { code: "ES", name: "Spain" },
  { code: "NL", name: "Netherlands" },
  { code: "BE", name: "Belgium" },
  { code: "PT", name: "Portugal" },
  { code: "CH", name: "Switzerland" },
  { code: "AT", name: "Austria" },
  { code: "SE", name: "Sweden" },
  { code: "NO", name: "Norway" },
  { code: "DK", name: "Denmark" },
  { code: "FI", name: "Finland" },
  { code: "AU", name: "Australia" },
  { code: "NZ", name: "New Zealand" },
  { code: "JP", name: "Japan" },
  { code: "CN", name: "China" },
  { code: "IN", name: "India" }
];
var COUNTRY_CODES = COUNTRIES.map((c) => c.code);
function toCountryCode(value) {
  const wanted = value.trim().toLowerCase();
  if (wanted === "") return void 0;
  return COUNTRIES.find((c) => c.code.toLowerCase() === wanted || c.name.toLowerCase() === wanted)?.code;
}

// packages/contract/src/schemas/user.ts
import { z as z3 } from "zod";
var PASSWORD_MIN_LENGTH = 8;
var PASSWORD_MAX_LENGTH = 128;
var NAME_MIN_LENGTH = 2;
var NAME_MAX_LENGTH = 30;
var RESET_TOKEN_MIN_LENGTH = 10;
var USER_STATUSES = ["unverified", "active"];
var EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
function normalizePhone(value) {
  return value.replace(/[\s\-().]/g, "");
}
var PHONE_PATTERN = /^\+?\d{10,15}$/;
var hasNoNul = (value) => !value.includes("\0");
var NameSchema = z3.string({ error: ACCOUNT_MESSAGES.nameRequired }).trim().min(1, ACCOUNT_MESSAGES.nameRequired).refine((v) => v.length === 0 || v.length >= NAME_MIN_LENGTH && v.length <= NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameLength).refine(hasNoNul, ACCOUNT_MESSAGES.textHasNul);
var EmailSchema = z3.string({ error: ACCOUNT_MESSAGES.emailRequired }).trim().toLowerCase().min(1, ACCOUNT_MESSAGES.emailRequired).max(254, ACCOUNT_MESSAGES.emailInvalid).refine((v) => v.length === 0 || EMAIL_PATTERN.test(v), ACCOUNT_MESSAGES.emailInvalid).refine(hasNoNul, ACCOUNT_MESSAGES.emailInvalid);
var NewPasswordSchema = (requiredMessage = ACCOUNT_MESSAGES.passwordRequired) => z3.string({ error: requiredMessage }).min(1, requiredMessage).refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort).refine((v) => v.length <= PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong).refine((v) => v.length === 0 || /[A-Z]/.test(v), ACCOUNT_MESSAGES.passwordNeedsUppercase).refine((v) => v.length === 0 || /\d/.test(v), ACCOUNT_MESSAGES.passwordNeedsNumber).refine((v) => v.length === 0 || /[^A-Za-z0-9]/.test(v), ACCOUNT_MESSAGES.passwordNeedsSpecial);
var GivenPassword = (requiredMessage) => z3.string({ error: requiredMessage }).min(1, requiredMessage).max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);
var OptionalPhone = z3.string().trim().optional().transform((v) => v ? normalizePhone(v) : void 0).refine((v) => v === void 0 || PHONE_PATTERN.test(v), ACCOUNT_MESSAGES.phoneDigits);
var RequiredPhoneSchema = z3.string({ error: ACCOUNT_MESSAGES.phoneRequired }).trim().min(1, ACCOUNT_MESSAGES.phoneRequired).transform(normalizePhone).refine((v) => v.length === 0 || PHONE_PATTERN.test(v), ACCOUNT_MESSAGES.phoneDigits);
var SignupBodySchema = z3.object({
  username: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema(),
  confirmPassword: z3.string({ error: ACCOUNT_MESSAGES.confirmPasswordRequired }).min(1, ACCOUNT_MESSAGES.confirmPasswordRequired),
  phone: OptionalPhone,
  acceptTerms: z3.boolean().optional()
}).refine((b) => b.confirmPassword === b.password, { message: ACCOUNT_MESSAGES.passwordsMustMatch, path: ["confirmPassword"] });
var LoginBodySchema = z3.object({
  email: z3.string({ error: ACCOUNT_MESSAGES.emailRequired }).trim().toLowerCase().min(1, ACCOUNT_MESSAGES.emailRequired).max(254, ACCOUNT_MESSAGES.emailInvalid).refine(hasNoNul, ACCOUNT_MESSAGES.emailInvalid),
  password: GivenPassword(ACCOUNT_MESSAGES.passwordRequired)
});
var AddressSchema = z3.object({
  street: z3.string(),
  city: z3.string(),
  state: z3.string(),
  zipCode: z3.string(),
  /** Same value as zipCode (SPEC §3 reads both names). */
  postalCode: z3.string(),
  country: z3.enum(COUNTRY_CODES)
});
var ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,10}[A-Za-z0-9]$/;
var AddressInputSchema = z3.object({
  street: z3.string().trim().max(200).optional().default(""),
  city: z3.string().trim().max(100).optional().default(""),
  state: z3.string().trim().max(100).optional().default(""),
  zipCode: z3.string().trim().max(20).optional(),
  postalCode: z3.string().trim().max(20).optional(),
  country: z3.string().trim().max(60).optional().default("")
}).transform((a) => ({ ...a, zipCode: a.zipCode ?? a.postalCode ?? "" })).superRefine((a, ctx) => {
  const filled = [a.street, a.city, a.state, a.zipCode, a.country].some((v) => v.length > 0);
  if (!filled) return;
  const issue = (path8, message) => ctx.addIssue({ code: "custom", path: [path8], message });
  for (const field of ["street", "city", "state"]) {
    if (!hasNoNul(a[field])) issue(field, ACCOUNT_MESSAGES.textHasNul);
  }
  if (!a.street) issue("street", ACCOUNT_MESSAGES.streetRequired);
  else if (a.street.length < 3) issue("street", ACCOUNT_MESSAGES.streetTooShort);
  if (!a.city) issue("city", ACCOUNT_MESSAGES.cityRequired);
  else if (a.city.length < 2) issue("city", ACCOUNT_MESSAGES.cityTooShort);
  if (a.state && a.state.length < 2) issue("state", ACCOUNT_MESSAGES.stateTooShort);
  if (!a.zipCode) issue("zipCode", ACCOUNT_MESSAGES.zipRequired);
  else if (!ZIP_PATTERN.test(a.zipCode)) issue("zipCode", ACCOUNT_MESSAGES.zipInvalid);
  if (!a.country) issue("country", ACCOUNT_MESSAGES.countryRequired);
  else if (!toCountryCode(a.country)) issue("country", ACCOUNT_MESSAGES.countryInvalid);
}).transform((a) => {
  const country = toCountryCode(a.country);
  if (!country) return null;
  return { street: a.street, city: a.city, state: a.state, zipCode: a.zipCode, postalCode: a.zipCode, country };
});
var ProfileUpdateBodySchema = z3.object({
  name: NameSchema,
  phone: RequiredPhoneSchema,
  /** Left out: unchanged. null, or every field empty: cleared. */
  address: AddressInputSchema.nullable().optional()
});
var ChangePasswordBodySchema = z3.object({
  currentPassword: GivenPassword(ACCOUNT_MESSAGES.currentPasswordRequired),
  newPassword: NewPasswordSchema(ACCOUNT_MESSAGES.newPasswordRequired),
  newPasswordConfirm: z3.string({ error: ACCOUNT_MESSAGES.confirmPasswordRequired }).min(1, ACCOUNT_MESSAGES.confirmPasswordRequired)
}).refine((b) => b.newPasswordConfirm === b.newPassword, {
  message: ACCOUNT_MESSAGES.passwordsMustMatch,
  path: ["newPasswordConfirm"]
});
var ForgotPasswordBodySchema = z3.object({ email: EmailSchema });
var RequestVerificationBodySchema = z3.object({
  email: z3.string({ error: ACCOUNT_MESSAGES.enterEmailAddress }).trim().toLowerCase().min(1, ACCOUNT_MESSAGES.enterEmailAddress).max(254, ACCOUNT_MESSAGES.emailInvalid).refine((v) => v.length === 0 || EMAIL_PATTERN.test(v), ACCOUNT_MESSAGES.emailInvalid).refine(hasNoNul, ACCOUNT_MESSAGES.emailInvalid)
});
var ResetTokenSchema = z3.string({ error: ACCOUNT_MESSAGES.resetTokenRequired }).trim().min(1, ACCOUNT_MESSAGES.resetTokenRequired).max(200, ACCOUNT_MESSAGES.resetTokenInvalid).refine((v) => v.length === 0 || v.length >= RESET_TOKEN_MIN_LENGTH, ACCOUNT_MESSAGES.resetTokenInvalid);
var ResetPasswordBodySchema = z3.object({ token: ResetTokenSchema, password: NewPasswordSchema() });
var DisableAccountBodySchema = z3.object({ password: GivenPassword(ACCOUNT_MESSAGES.disablePasswordRequired) });
var UserSchema = z3.object({
  _id: z3.string(),
  id: z3.string(),
  name: z3.string(),
  username: z3.string(),
  email: z3.string(),
  isEmailVerified: z3.boolean(),
  emailVerified: z3.boolean(),
  isAdmin: z3.boolean(),
  status: z3.enum(USER_STATUSES),
  phone: z3.string(),
  address: AddressSchema.nullable(),
  createdAt: z3.string()
});
var AuthAnswerSchema = z3.object({ success: z3.literal(true), accessToken: z3.string(), user: UserSchema });
var UserAnswerSchema = z3.object({ success: z3.literal(true), user: UserSchema });
var MessageAnswerSchema = z3.object({ success: z3.literal(true), message: z3.string() });
var TokenAnswerSchema = z3.object({ success: z3.literal(true), accessToken: z3.string() });
var VerifyEmailAnswerSchema = z3.object({
  success: z3.literal(true),
  message: z3.string(),
  alreadyVerified: z3.boolean()
});
var ToggleAdminAnswerSchema = z3.object({
  success: z3.literal(true),
  isAdmin: z3.boolean(),
  message: z3.string(),
  user: UserSchema
});
var MailboxMessageSchema = z3.object({
  id: z3.string(),
  to: z3.string(),
  subject: z3.string(),
  text: z3.string(),
  html: z3.string(),
  createdAt: z3.string()
});
var MailboxAnswerSchema = z3.object({ success: z3.literal(true), messages: z3.array(MailboxMessageSchema) });

// apps/server/src/app.ts
import Fastify from "fastify";
import metrics from "fastify-metrics";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler
} from "fastify-type-provider-zod";

// apps/server/src/lib/app-error.ts
var AppError = class extends Error {
  code;
  fields;
  constructor(code, message, fields) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fields = fields;
  }
};
var STATUS_BY_CODE = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  INTERNAL: 500
};

// apps/server/src/lib/passwords.ts
import { hash, verify } from "@node-rs/argon2";
var ARGON2ID = 2;
var OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
async function hashPassword(password) {
  return hash(password, OPTIONS);
}
var dummyHash;
async function verifyPassword(storedHash, password) {
  if (storedHash === void 0) {
    dummyHash ??= hashPassword("not-a-real-password-Aa1!");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// apps/server/src/db/schema.ts
var schema_exports = {};
__export(schema_exports, {
  EMAIL_TOKEN_PURPOSES: () => EMAIL_TOKEN_PURPOSES,
  MAIL_STATUSES: () => MAIL_STATUSES,
  emailTokens: () => emailTokens,
  mailOutbox: () => mailOutbox,
  productSizes: () => productSizes,
  products: () => products,
  refreshTokens: () => refreshTokens,
  sessions: () => sessions,
  users: () => users
});
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid
} from "drizzle-orm/pg-core";
var tsvector = customType({ dataType: () => "tsvector" });
var products = pgTable(
  "products",
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    name: text().notNull(),
    brand: text().notNull(),
    category: text().notNull(),
    shortDescription: text().notNull().default(""),
    longDescription: text().notNull().default(""),
    images: text().array().notNull().default(sql`'{}'::text[]`),
    mainImageIndex: integer().notNull().default(0),
    /** Regular price (SPEC old_price), integer cents. */
    priceCents: integer().notNull(),
    /** Discounted price (SPEC new_price), integer cents; null when not discounted. */
    salePriceCents: integer(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    types: text().array().notNull().default(sql`'{}'::text[]`),
    rating: doublePrecision().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Kept by a trigger (migration 0001) from name, brand, descriptions and tags. */
    searchVector: tsvector()
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    index("products_category_idx").on(t.category, t.publishedAt),
    index("products_published_idx").on(t.publishedAt),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_types_idx").using("gin", t.types),
    check("products_category_check", sql`${t.category} in ('men', 'women', 'kids')`),
    check("products_price_check", sql`${t.priceCents} > 0`),
    check(
      "products_sale_price_check",
      sql`${t.salePriceCents} is null or (${t.salePriceCents} > 0 and ${t.salePriceCents} < ${t.priceCents})`
    ),
    check("products_rating_check", sql`${t.rating} >= 0 and ${t.rating} <= 5`)
  ]
);
var productSizes = pgTable(
  "product_sizes",
  {
    productId: uuid().notNull().references(() => products.id, { onDelete: "cascade" }),
    size: text().notNull(),
    /** Order in which the size picker lists the sizes. */
    position: integer().notNull(),
    stock: integer().notNull()
  },
  (t) => [primaryKey({ columns: [t.productId, t.size] }), check("product_sizes_stock_check", sql`${t.stock} >= 0`)]
);
var users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    phone: text().notNull().default(""),
    addressStreet: text(),
    addressCity: text(),
    addressState: text(),
    addressZip: text(),
    /** ISO 3166 code, one of the 24 of SPEC §3. */
    addressCountry: text(),
    isEmailVerified: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`)
  ]
);
var sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: "cascade" }),
    userAgent: text().notNull().default(""),
    ip: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Why it ended: logout, reuse, password-change, disabled… */
    revokedReason: text()
  },
  (t) => [index("sessions_user_idx").on(t.userId)]
);
var refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid().notNull().references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true })
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_unique").on(t.tokenHash),
    index("refresh_tokens_session_idx").on(t.sessionId)
  ]
);
var EMAIL_TOKEN_PURPOSES = ["verify-email", "reset-password"];
var emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true })
  },
  (t) => [
    uniqueIndex("email_tokens_hash_unique").on(t.tokenHash),
    index("email_tokens_user_idx").on(t.userId, t.purpose)
  ]
);
var MAIL_STATUSES = ["pending", "sent", "failed", "kept"];
var mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text({ enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true })
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_created_idx").on(t.createdAt)]
);

// apps/server/src/modules/mail/mail-outbox.ts
async function enqueueMail(db, mail) {
  await db.insert(mailOutbox).values(mail);
}

// apps/server/src/modules/mail/mail-templates.ts
function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
function layout(title, paragraphs, action) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button2 = action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c1917;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57534e">Or paste this link into your browser: ${escapeHtml(action.url)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><p style="font-family:Georgia,serif;font-size:22px;letter-spacing:2px;margin:0 0 24px">SHOPPER</p><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button2}</div></body></html>`;
}
function verificationMail({ to, name, link }) {
  const subject = "Verify your email for SHOPPER";
  const lines = [
    `Hi ${name},`,
    "Welcome to SHOPPER! Please confirm your email address so you can check out and manage your orders.",
    "This link works once and expires in 24 hours."
  ];
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}

Verify your email: ${link}
`,
    html: layout("Confirm your email", lines, { label: "Verify email", url: link })
  };
}
function passwordResetMail({ to, name, link }) {
  const subject = "Reset your SHOPPER password";
  const lines = [
    `Hi ${name},`,
    "Someone asked to reset the password of your SHOPPER account. If it was you, choose a new password with the link below.",
    "The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email."
  ];
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}

Reset your password: ${link}
`,
    html: layout("Reset your password", lines, { label: "Choose a new password", url: link })
  };
}
function passwordChangedMail({
  to,
  name,
  supportUrl
}) {
  const subject = "Your SHOPPER password was changed";
  const lines = [
    `Hi ${name},`,
    "The password of your SHOPPER account was just changed, and your other devices were signed out.",
    "If this was not you, reset your password right away and contact customer support."
  ];
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}

Reset your password: ${supportUrl}
`,
    html: layout("Your password was changed", lines, { label: "Reset my password", url: supportUrl })
  };
}

// apps/server/src/modules/users/users.service.ts
import { eq, sql as sql2 } from "drizzle-orm";
var UNIQUE_VIOLATION = "23505";
function isUniqueViolation(error) {
  let current = error;
  for (let depth = 0; depth < 3 && typeof current === "object" && current !== null; depth += 1) {
    if ("code" in current && current.code === UNIQUE_VIOLATION) return true;
    current = "cause" in current ? current.cause : void 0;
  }
  return false;
}
function createUsersService({ db, clock }) {
  async function findById(id, tx = db) {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }
  async function findByEmail(email, tx = db) {
    const [row] = await tx.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row;
  }
  async function insert(tx, user) {
    const now = clock();
    try {
      const [row] = await tx.insert(users).values({ ...user, email: user.email.toLowerCase(), createdAt: now, updatedAt: now }).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }
  async function update(tx, id, values) {
    const [row] = await tx.update(users).set({ ...values, updatedAt: clock() }).where(eq(users.id, id)).returning();
    if (!row) throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.sessionExpired);
    return row;
  }
  return {
    findById,
    findByEmail,
    insert,
    setPasswordHash: (tx, id, passwordHash) => update(tx, id, { passwordHash }),
    markEmailVerified: (tx, id) => update(tx, id, { isEmailVerified: true }),
    disable: (tx, id) => update(tx, id, { disabledAt: clock() }),
    /** Flipped in SQL, so two quick toggles cannot both read the old value. */
    toggleAdmin: (id) => update(db, id, { isAdmin: sql2`not ${users.isAdmin}` }),
    updateProfile: (id, change) => update(db, id, {
      name: change.name,
      phone: change.phone,
      // undefined: the address is left as it is; null: cleared.
      ...change.address === void 0 ? {} : {
        addressStreet: change.address?.street ?? null,
        addressCity: change.address?.city ?? null,
        addressState: change.address?.state ?? null,
        addressZip: change.address?.zipCode ?? null,
        addressCountry: change.address?.country ?? null
      }
    })
  };
}
function emailTaken() {
  return new AppError("CONFLICT", ACCOUNT_MESSAGES.emailTaken, [{ param: "email", msg: ACCOUNT_MESSAGES.emailTaken }]);
}

// apps/server/src/modules/auth/auth.service.ts
var HOUR_MS = 60 * 60 * 1e3;
function createAuthService({
  db,
  config,
  users: users2,
  sessions: sessions2,
  emailTokens: emailTokens2,
  accessTokens,
  clock
}) {
  const resetLinkInvalid = () => new AppError("VALIDATION_FAILED", ACCOUNT_MESSAGES.resetLinkInvalid, [
    { param: "token", msg: ACCOUNT_MESSAGES.resetLinkInvalid }
  ]);
  const verificationLinkInvalid = () => new AppError("VALIDATION_FAILED", ACCOUNT_MESSAGES.verificationLinkInvalid);
  async function queueVerificationMail(tx, user) {
    const token = await emailTokens2.issue(tx, {
      userId: user.id,
      purpose: "verify-email",
      ttlMs: EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS,
      replacePrevious: false
    });
    const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, verificationMail({ to: user.email, name: user.name, link }));
  }
  async function signIn(tx, user, meta) {
    const { sessionId, refreshToken } = await sessions2.start(tx, { userId: user.id, ...meta });
    return { user, refreshToken, accessToken: await accessTokens.sign({ userId: user.id, sessionId }) };
  }
  async function signup(body, meta) {
    if (await users2.findByEmail(body.email)) throw emailTaken();
    const passwordHash = await hashPassword(body.password);
    return db.transaction(async (tx) => {
      const user = await users2.insert(tx, {
        email: body.email,
        name: body.username,
        passwordHash,
        phone: body.phone ?? "",
        termsAcceptedAt: body.acceptTerms ? clock() : null
      });
      await queueVerificationMail(tx, user);
      return signIn(tx, user, meta);
    });
  }
  async function login(body, meta) {
    const user = await users2.findByEmail(body.email);
    const isValid = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !isValid) throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.invalidCredentials);
    if (user.disabledAt) throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.accountDisabled);
    return signIn(db, user, meta);
  }
  async function refresh(refreshToken) {
    if (!refreshToken) throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.sessionExpired);
    const rotated = await sessions2.rotate(refreshToken);
    return {
      refreshToken: rotated.refreshToken,
      accessToken: await accessTokens.sign({ userId: rotated.userId, sessionId: rotated.sessionId })
    };
  }
  async function logout({ accessToken, refreshToken }) {
    const fromAccess = accessToken ? await accessTokens.sessionIdIgnoringExpiry(accessToken) : void 0;
    const fromCookie = refreshToken ? await sessions2.sessionIdOfRefreshToken(refreshToken) : void 0;
    for (const sessionId of /* @__PURE__ */ new Set([fromAccess, fromCookie])) {
      if (sessionId) await sessions2.revoke(sessionId, "logout");
    }
  }
  async function forgotPassword(email) {
    const user = await users2.findByEmail(email);
    if (!user) {
      throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.noAccountWithEmail, [
        { param: "email", msg: ACCOUNT_MESSAGES.noAccountWithEmail }
      ]);
    }
    await db.transaction(async (tx) => {
      const token = await emailTokens2.issue(tx, {
        userId: user.id,
        purpose: "reset-password",
        ttlMs: PASSWORD_RESET_TTL_HOURS * HOUR_MS,
        replacePrevious: true
      });
      const link = `${config.publicUrl}/reset-password/${encodeURIComponent(token)}`;
      await enqueueMail(tx, passwordResetMail({ to: user.email, name: user.name, link }));
    });
  }
  async function resetPassword(token, password) {
    const row = await emailTokens2.find(token, "reset-password");
    if (!row || !emailTokens2.isLive(row)) throw resetLinkInvalid();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      if (!await emailTokens2.spend(tx, row.id)) throw resetLinkInvalid();
      const user = await users2.setPasswordHash(tx, row.userId, passwordHash);
      await sessions2.revokeAllOfUser(tx, user.id, "password-reset");
      await enqueueMail(tx, passwordChangedMail({ to: user.email, name: user.name, supportUrl: forgotPasswordUrl() }));
    });
  }
  async function requestVerification(email) {
    const user = await users2.findByEmail(email);
    if (user?.isEmailVerified) return ACCOUNT_MESSAGES.emailAlreadyVerified;
    if (user && !user.disabledAt) {
      await db.transaction(async (tx) => {
        await queueVerificationMail(tx, user);
      });
    }
    return ACCOUNT_MESSAGES.verificationSent(email);
  }
  async function verifyEmail(token) {
    const alreadyVerified = { message: ACCOUNT_MESSAGES.emailAlreadyVerified, alreadyVerified: true };
    const row = await emailTokens2.find(token, "verify-email");
    if (!row) throw verificationLinkInvalid();
    const user = await users2.findById(row.userId);
    if (!user) throw verificationLinkInvalid();
    if (user.isEmailVerified) return alreadyVerified;
    if (!emailTokens2.isLive(row)) throw verificationLinkInvalid();
    const spent = await db.transaction(async (tx) => {
      if (!await emailTokens2.spend(tx, row.id)) return false;
      await users2.markEmailVerified(tx, user.id);
      return true;
    });
    return spent ? { message: ACCOUNT_MESSAGES.emailVerified, alreadyVerified: false } : alreadyVerified;
  }
  function forgotPasswordUrl() {
    return `${config.publicUrl}/forgot-password`;
  }
  return { signup, login, refresh, logout, forgotPassword, resetPassword, requestVerification, verifyEmail };
}

// apps/server/src/modules/auth/auth.routes.ts
import { z as z4 } from "zod";

// apps/server/src/plugins/auth.ts
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
var ALGORITHM = "HS256";
function claimsOf(payload) {
  return typeof payload.sub === "string" && typeof payload.sid === "string" ? { userId: payload.sub, sessionId: payload.sid } : void 0;
}
function createAccessTokens({ secret, clock }) {
  const key = new TextEncoder().encode(secret);
  async function sign({ userId, sessionId }) {
    const now = Math.floor(clock().getTime() / 1e3);
    return new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: ALGORITHM, typ: "JWT" }).setSubject(userId).setIssuedAt(now).setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS).sign(key);
  }
  async function verify2(token) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: clock() });
      const claims = claimsOf(payload);
      if (claims) return claims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.sessionExpired);
      }
    }
    throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.authError);
  }
  async function sessionIdIgnoringExpiry(token) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: clock() });
      return claimsOf(payload)?.sessionId;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return claimsOf(error.payload)?.sessionId;
      return void 0;
    }
  }
  return { sign, verify: verify2, sessionIdIgnoringExpiry };
}
function accessTokenOf(request) {
  const header = request.headers["auth-token"];
  if (typeof header === "string" && header.length > 0) return header;
  const authorization = request.headers.authorization;
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}
function requireAuth({
  tokens,
  findSession,
  clock
}) {
  return async (request) => {
    const token = accessTokenOf(request);
    if (!token) throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.authenticationRequired);
    const claims = await tokens.verify(token);
    const session = await findSession(claims.sessionId);
    if (!session || session.userId !== claims.userId) {
      throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.sessionExpired);
    }
    if (session.user.disabledAt) throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.accountDisabled);
    if (session.revokedAt || session.expiresAt <= clock()) {
      throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.sessionExpired);
    }
    request.auth = { userId: claims.userId, sessionId: claims.sessionId, user: session.user };
  };
}
function authOf(request) {
  if (!request.auth) throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.authenticationRequired);
  return request.auth;
}
function installAuth(app) {
  app.decorateRequest("auth", null);
}

// apps/server/src/modules/users/user-view.ts
function addressOf(user) {
  const { addressStreet: street, addressCity: city, addressZip: zip, addressCountry: country } = user;
  if (!street || !city || !zip || !country) return null;
  return {
    street,
    city,
    state: user.addressState ?? "",
    zipCode: zip,
    postalCode: zip,
    country
  };
}
function toUserView(user) {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    username: user.name,
    email: user.email,
    isEmailVerified: user.isEmailVerified,
    emailVerified: user.isEmailVerified,
    isAdmin: user.isAdmin,
    status: user.isEmailVerified ? "active" : "unverified",
    phone: user.phone,
    address: addressOf(user),
    createdAt: user.createdAt.toISOString()
  };
}

// apps/server/src/modules/auth/refresh-cookie.ts
var REFRESH_COOKIE = "shopper_refresh";
var cookieOptions = (secure) => ({ httpOnly: true, sameSite: "strict", path: "/api/users", secure });
function setRefreshCookie(reply, token, secure) {
  void reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(secure),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60
  });
}
function clearRefreshCookie(reply, secure) {
  void reply.clearCookie(REFRESH_COOKIE, cookieOptions(secure));
}
function refreshCookieOf(request) {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : void 0;
}

// apps/server/src/modules/auth/auth.routes.ts
var tags = ["users"];
var E = ErrorBodySchema;
function metaOf(request) {
  const userAgent = request.headers["user-agent"];
  return { userAgent: typeof userAgent === "string" ? userAgent : "", ip: request.ip };
}
var emailOf = (request) => request.body.email;
function authRoutes({
  auth,
  rateLimit: rateLimit2,
  secureCookies
}) {
  return async (app) => {
    app.post(
      "/signup",
      {
        preHandler: rateLimit2("signup", emailOf),
        schema: {
          tags,
          summary: "Create an account, send its verification email and sign in",
          body: SignupBodySchema,
          response: { 201: AuthAnswerSchema, 400: E, 409: E, 429: E }
        }
      },
      async (request, reply) => {
        const signedIn = await auth.signup(request.body, metaOf(request));
        setRefreshCookie(reply, signedIn.refreshToken, secureCookies);
        return reply.status(201).send({ success: true, accessToken: signedIn.accessToken, user: toUserView(signedIn.user) });
      }
    );
    app.post(
      "/login",
      {
        preHandler: rateLimit2("login", emailOf),
        schema: {
          tags,
          summary: "Sign in with email and password",
          body: LoginBodySchema,
          response: { 200: AuthAnswerSchema, 400: E, 401: E, 403: E, 429: E }
        }
      },
      async (request, reply) => {
        const signedIn = await auth.login(request.body, metaOf(request));
        setRefreshCookie(reply, signedIn.refreshToken, secureCookies);
        return { success: true, accessToken: signedIn.accessToken, user: toUserView(signedIn.user) };
      }
    );
    app.post(
      "/refresh-token",
      {
        schema: {
          tags,
          summary: "Trade the refresh cookie for a new access token and a new cookie (rotation)",
          response: { 200: TokenAnswerSchema, 401: E }
        }
      },
      async (request, reply) => {
        try {
          const rotated = await auth.refresh(refreshCookieOf(request));
          setRefreshCookie(reply, rotated.refreshToken, secureCookies);
          return { success: true, accessToken: rotated.accessToken };
        } catch (error) {
          clearRefreshCookie(reply, secureCookies);
          throw error;
        }
      }
    );
    app.post(
      "/logout",
      {
        schema: {
          tags,
          summary: "End the current session (idempotent) and clear the refresh cookie",
          response: { 200: MessageAnswerSchema }
        }
      },
      async (request, reply) => {
        await auth.logout({ accessToken: accessTokenOf(request), refreshToken: refreshCookieOf(request) });
        clearRefreshCookie(reply, secureCookies);
        return { success: true, message: ACCOUNT_MESSAGES.loggedOut };
      }
    );
    app.post(
      "/forgot-password",
      {
        preHandler: rateLimit2("forgotPassword", emailOf),
        schema: {
          tags,
          summary: "Email a single-use password reset link (valid 1 hour)",
          body: ForgotPasswordBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 404: E, 429: E }
        }
      },
      async (request) => {
        await auth.forgotPassword(request.body.email);
        return { success: true, message: ACCOUNT_MESSAGES.recoveryEmailSent };
      }
    );
    app.post(
      "/reset-password",
      {
        preHandler: rateLimit2("resetPassword", (request) => request.body.token),
        schema: {
          tags,
          summary: "Set a new password with a reset link token; signs out every session",
          body: ResetPasswordBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 429: E }
        }
      },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.password);
        return { success: true, message: ACCOUNT_MESSAGES.passwordResetSuccess };
      }
    );
    app.post(
      "/request-verification",
      {
        preHandler: rateLimit2("requestVerification", emailOf),
        schema: {
          tags,
          summary: "Send a new email verification link",
          body: RequestVerificationBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 429: E }
        }
      },
      async (request) => ({
        success: true,
        message: await auth.requestVerification(request.body.email)
      })
    );
    app.get(
      "/verify-email/:token",
      {
        schema: {
          tags,
          summary: "Verify an email address with the link token",
          params: z4.object({ token: z4.string().min(1).max(200) }),
          response: { 200: VerifyEmailAnswerSchema, 400: E }
        }
      },
      async (request) => ({ success: true, ...await auth.verifyEmail(request.params.token) })
    );
  };
}

// apps/server/src/modules/auth/email-tokens.service.ts
import { and, eq as eq2, isNull } from "drizzle-orm";

// apps/server/src/lib/opaque-tokens.ts
import { createHash, randomBytes } from "node:crypto";
function newOpaqueToken() {
  return randomBytes(32).toString("base64url");
}
function hashToken(token) {
  return createHash("sha256").update(token).digest("hex");
}

// apps/server/src/modules/auth/email-tokens.service.ts
function createEmailTokensService({ db, clock }) {
  async function issue(tx, {
    userId,
    purpose,
    ttlMs,
    replacePrevious
  }) {
    const now = clock();
    if (replacePrevious) {
      await tx.update(emailTokens).set({ usedAt: now }).where(and(eq2(emailTokens.userId, userId), eq2(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    }
    const token = newOpaqueToken();
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs)
    });
    return token;
  }
  async function find(token, purpose) {
    const [row] = await db.select().from(emailTokens).where(and(eq2(emailTokens.tokenHash, hashToken(token)), eq2(emailTokens.purpose, purpose))).limit(1);
    return row;
  }
  async function spend(tx, id) {
    const rows = await tx.update(emailTokens).set({ usedAt: clock() }).where(and(eq2(emailTokens.id, id), isNull(emailTokens.usedAt))).returning({ id: emailTokens.id });
    return rows.length === 1;
  }
  return { issue, find, spend, isLive: (row) => row.usedAt === null && row.expiresAt > clock() };
}

// apps/server/src/modules/auth/sessions.service.ts
import { and as and2, eq as eq3, getTableColumns, isNull as isNull2, ne } from "drizzle-orm";
var SESSION_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1e3;
var { passwordHash: _omitted, ...userColumns } = getTableColumns(users);
var sessionExpired = () => new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.sessionExpired);
function createSessionsService({ db, clock }) {
  async function issueRefreshToken(tx, sessionId) {
    const token = newOpaqueToken();
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(token), createdAt: clock() });
    return token;
  }
  async function start(tx, meta) {
    const now = clock();
    const [session] = await tx.insert(sessions).values({
      userId: meta.userId,
      userAgent: meta.userAgent.slice(0, 500),
      ip: meta.ip,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS)
    }).returning({ id: sessions.id });
    if (!session) throw new Error("insert returned no session");
    return { sessionId: session.id, refreshToken: await issueRefreshToken(tx, session.id) };
  }
  async function findWithUser(sessionId) {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return void 0;
    const [row] = await db.select({
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      user: userColumns
    }).from(sessions).innerJoin(users, eq3(users.id, sessions.userId)).where(eq3(sessions.id, sessionId)).limit(1);
    return row;
  }
  async function revoke(sessionId, reason, tx = db) {
    await tx.update(sessions).set({ revokedAt: clock(), revokedReason: reason }).where(and2(eq3(sessions.id, sessionId), isNull2(sessions.revokedAt)));
  }
  async function revokeAllOfUser(tx, userId, reason, options = {}) {
    const conditions = [eq3(sessions.userId, userId), isNull2(sessions.revokedAt)];
    if (options.except) conditions.push(ne(sessions.id, options.except));
    await tx.update(sessions).set({ revokedAt: clock(), revokedReason: reason }).where(and2(...conditions));
  }
  async function sessionIdOfRefreshToken(refreshToken) {
    const [row] = await db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq3(refreshTokens.tokenHash, hashToken(refreshToken))).limit(1);
    return row?.sessionId;
  }
  async function rotate(refreshToken) {
    const tokenHash = hashToken(refreshToken);
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      const [claimed] = await tx.update(refreshTokens).set({ usedAt: now }).where(and2(eq3(refreshTokens.tokenHash, tokenHash), isNull2(refreshTokens.usedAt))).returning({ sessionId: refreshTokens.sessionId });
      if (!claimed) {
        const [known] = await tx.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq3(refreshTokens.tokenHash, tokenHash)).limit(1);
        if (known) await revoke(known.sessionId, "reuse", tx);
        return { ok: false, error: sessionExpired() };
      }
      const [session] = await tx.select({
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        disabledAt: users.disabledAt
      }).from(sessions).innerJoin(users, eq3(users.id, sessions.userId)).where(eq3(sessions.id, claimed.sessionId)).limit(1);
      if (!session || session.revokedAt || session.expiresAt <= now)
        return { ok: false, error: sessionExpired() };
      if (session.disabledAt) {
        return { ok: false, error: new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.accountDisabled) };
      }
      await tx.update(sessions).set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) }).where(eq3(sessions.id, claimed.sessionId));
      const next = await issueRefreshToken(tx, claimed.sessionId);
      return { ok: true, userId: session.userId, sessionId: claimed.sessionId, refreshToken: next };
    });
    if (!outcome.ok) throw outcome.error;
    return outcome;
  }
  return { start, findWithUser, revoke, revokeAllOfUser, sessionIdOfRefreshToken, rotate };
}

// apps/server/src/modules/catalog/catalog-read-cache.ts
import { LRUCache } from "lru-cache";
function createCatalogReadCache({ ttlMs, maxBytes = 32 * 1024 * 1024 }) {
  const cache = ttlMs > 0 ? new LRUCache({
    maxSize: maxBytes,
    sizeCalculation: (text2) => Math.max(1, text2.length),
    ttl: ttlMs,
    fetchMethod: (_key, _stale, { context }) => context()
  }) : void 0;
  return {
    /** The JSON text of `produce()`'s answer, checked against `schema` once when it is made. */
    async json(key, schema, produce) {
      const make = async () => JSON.stringify(schema.parse(await produce()));
      if (!cache) return make();
      const text2 = await cache.fetch(key, { context: make });
      return text2 ?? make();
    },
    clear() {
      cache?.clear();
    }
  };
}

// apps/server/src/modules/catalog/catalog.service.ts
import { and as and3, asc, desc, eq as eq4, inArray, ne as ne2, sql as sql3 } from "drizzle-orm";

// apps/server/src/modules/catalog/product-view.ts
function toProductView(row, sizes) {
  const images = row.images.length > 0 ? row.images : [PLACEHOLDER_IMAGE];
  const mainImageIndex = row.mainImageIndex < images.length ? row.mainImageIndex : 0;
  const mainImage = images[mainImageIndex] ?? PLACEHOLDER_IMAGE;
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    name: row.name,
    images,
    mainImage,
    mainImageIndex,
    image: mainImage,
    old_price: toDollars(row.priceCents),
    new_price: row.salePriceCents == null ? 0 : toDollars(row.salePriceCents),
    category: row.category,
    tags: row.tags,
    types: row.types,
    rating: row.rating,
    reviewCount: row.reviewCount,
    sizes: sizes.map((s) => s.size),
    stock: sizes.map((s) => ({ size: s.size, quantity: s.stock })),
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    description: row.longDescription || row.shortDescription,
    brand: row.brand,
    date: row.publishedAt.toISOString(),
    in_stock: sizes.some((s) => s.stock > 0)
  };
}

// apps/server/src/modules/catalog/catalog.service.ts
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
var effectivePriceCents = sql3`coalesce(${products.salePriceCents}, ${products.priceCents})`;
var discountRatio = sql3`coalesce((${products.priceCents} - ${products.salePriceCents})::float8 / ${products.priceCents}, 0)`;
var ORDER_BY = {
  "price-asc": [sql3`${effectivePriceCents} asc`],
  "price-desc": [sql3`${effectivePriceCents} desc`],
  "date-newest": [desc(products.publishedAt)],
  "date-oldest": [asc(products.publishedAt)],
  discount: [sql3`${discountRatio} desc`],
  rating: [desc(products.rating), desc(products.reviewCount)]
};
function toPrefixTsQuery(text2) {
  const terms = text2.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((term) => term.length > 0).slice(0, 8);
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(" & ");
}
var CANONICAL_SIZES = [...ADULT_SIZES, ...KIDS_SIZES];
function sortSizes(sizes) {
  const rank = (size) => {
    const index2 = CANONICAL_SIZES.indexOf(size);
    return index2 === -1 ? CANONICAL_SIZES.length : index2;
  };
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
function createCatalogService({ db }) {
  async function withSizes(rows) {
    if (rows.length === 0) return [];
    const sizeRows = await db.select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(
      inArray(
        productSizes.productId,
        rows.map((row) => row.id)
      )
    ).orderBy(asc(productSizes.position));
    const byProduct = /* @__PURE__ */ new Map();
    for (const s of sizeRows) {
      const list2 = byProduct.get(s.productId) ?? [];
      list2.push(s);
      byProduct.set(s.productId, list2);
    }
    return rows.map((row) => toProductView(row, byProduct.get(row.id) ?? []));
  }
  function filters(query) {
    const where = [];
    if (query.category) where.push(eq4(products.category, query.category));
    if (query.minPrice !== void 0 && query.minPrice > 0) {
      where.push(sql3`${effectivePriceCents} >= ${toCents(query.minPrice)}`);
    }
    if (query.maxPrice !== void 0 && query.maxPrice > 0) {
      where.push(sql3`${effectivePriceCents} <= ${toCents(query.maxPrice)}`);
    }
    if (query.rating !== void 0) where.push(sql3`${products.rating} >= ${query.rating}`);
    if (query.discount === true) where.push(sql3`${products.salePriceCents} is not null`);
    if (query.types && query.types.length > 0) {
      where.push(sql3`${products.types} && ${sql3.param(query.types)}::text[]`);
    }
    if (query.brand) where.push(sql3`lower(${products.brand}) = lower(${query.brand})`);
    if (query.sizes && query.sizes.length > 0) {
      where.push(
        sql3`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${productSizes.size} = any(${sql3.param(query.sizes)}::text[]) and ${productSizes.stock} > 0)`
      );
    }
    const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
    if (tsQuery) where.push(sql3`${products.searchVector} @@ to_tsquery('english', ${tsQuery})`);
    return where;
  }
  function ordering(query) {
    const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
    const primary = query.sort !== void 0 ? ORDER_BY[query.sort] : tsQuery ? [sql3`ts_rank(${products.searchVector}, to_tsquery('english', ${tsQuery})) desc`] : ORDER_BY["date-newest"];
    return [...primary, asc(products.id)];
  }
  async function list(query) {
    const where = and3(...filters(query));
    const offset = (query.page - 1) * query.limit;
    const rows = await db.select({ product: products, total: sql3`count(*) over ()`.mapWith(Number) }).from(products).where(where).orderBy(...ordering(query)).limit(query.limit).offset(offset);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      const [counted] = await db.select({ n: sql3`count(*)`.mapWith(Number) }).from(products).where(where);
      total = counted?.n ?? 0;
    }
    return {
      products: await withSizes(rows.map((r) => r.product)),
      total,
      page: query.page,
      limit: query.limit,
      totalPages: totalPagesFor(total, query.limit)
    };
  }
  async function findRow(id) {
    if (!UUID.test(id)) return void 0;
    const [row] = await db.select().from(products).where(eq4(products.id, id)).limit(1);
    return row;
  }
  return {
    list,
    async getById(id) {
      const row = await findRow(id);
      if (!row) throw new AppError("NOT_FOUND", MESSAGES.productIdNotFound(id));
      const [product2] = await withSizes([row]);
      return product2;
    },
    async getBySlug(slug) {
      const [row] = await db.select().from(products).where(eq4(products.slug, slug)).limit(1);
      if (!row) throw new AppError("NOT_FOUND", MESSAGES.productSlugNotFound(slug));
      const [product2] = await withSizes([row]);
      return product2;
    },
    /** 'Popular For Women' on the home page: the best-rated women's products. */
    async featuredWomen() {
      const rows = await db.select().from(products).where(eq4(products.category, "women")).orderBy(desc(products.rating), desc(products.reviewCount), asc(products.id)).limit(FEATURED_WOMEN_COUNT);
      return withSizes(rows);
    },
    /** 'New Collection' on the home page: the newest products of every category. */
    async newCollection() {
      const rows = await db.select().from(products).orderBy(desc(products.publishedAt), asc(products.id)).limit(NEW_COLLECTION_COUNT);
      return withSizes(rows);
    },
    /** Same category, the excluded product left out; those sharing its types come first. */
    async related(category, excludeId) {
      const excluded = await findRow(excludeId);
      if (!excluded) throw new AppError("NOT_FOUND", MESSAGES.productIdNotFound(excludeId));
      const sharesType = sql3`(${products.types} && ${sql3.param(excluded.types)}::text[])`;
      const rows = await db.select().from(products).where(and3(eq4(products.category, category), ne2(products.id, excluded.id))).orderBy(sql3`${sharesType} desc`, desc(products.rating), asc(products.id)).limit(RELATED_PRODUCTS_COUNT);
      return withSizes(rows);
    },
    async facets(category) {
      const scope = category ? eq4(products.category, category) : void 0;
      const [typeRows, sizeRows, [summary]] = await Promise.all([
        db.selectDistinct({ type: sql3`unnest(${products.types})` }).from(products).where(scope),
        db.selectDistinct({ size: productSizes.size }).from(productSizes).innerJoin(products, eq4(products.id, productSizes.productId)).where(scope),
        db.select({
          brands: sql3`array_agg(distinct ${products.brand})`,
          maxPriceCents: sql3`coalesce(max(${effectivePriceCents}), 0)`.mapWith(Number)
        }).from(products).where(scope)
      ]);
      return {
        types: typeRows.map((r) => r.type).sort(),
        sizes: sortSizes(sizeRows.map((r) => r.size)),
        brands: [...summary?.brands ?? []].sort(),
        maxPrice: toDollars(summary?.maxPriceCents ?? 0)
      };
    }
  };
}

// apps/server/src/modules/catalog/catalog.routes.ts
import { z as z5 } from "zod";
var tags2 = ["catalog"];
var errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
var Param = z5.string().min(1).max(200);
function requireCategory(value) {
  const category = value.toLowerCase();
  if (!CATEGORIES.includes(category)) {
    throw new AppError("NOT_FOUND", MESSAGES.categoryNotFound(value));
  }
  return category;
}
function sendJsonText(reply, text2) {
  return reply.type("application/json; charset=utf-8").send(text2);
}
function catalogRoutes({
  catalog,
  cache
}) {
  return async (app) => {
    app.get(
      "/all-products",
      {
        schema: {
          tags: tags2,
          summary: "List products with filters, search, sort and paging",
          querystring: ProductListQuerySchema,
          response: { 200: ProductListSchema, ...errors }
        }
      },
      async (request, reply) => {
        const text2 = await cache.json(`list:${JSON.stringify(request.query)}`, ProductListSchema, async () => ({
          success: true,
          ...await catalog.list(request.query)
        }));
        return sendJsonText(reply, text2);
      }
    );
    app.get(
      "/category/:category",
      {
        schema: {
          tags: tags2,
          summary: "List the products of one category (men, women, kids)",
          params: z5.object({ category: Param }),
          querystring: CategoryProductListQuerySchema,
          response: { 200: ProductListSchema, ...errors }
        }
      },
      async (request, reply) => {
        const query = { ...request.query, category: requireCategory(request.params.category) };
        const text2 = await cache.json(`list:${JSON.stringify(query)}`, ProductListSchema, async () => ({
          success: true,
          ...await catalog.list(query)
        }));
        return sendJsonText(reply, text2);
      }
    );
    app.get(
      "/facets",
      {
        schema: {
          tags: tags2,
          summary: "Filter values available for a listing (types, sizes, brands, top price)",
          querystring: ProductFacetsQuerySchema,
          response: { 200: ProductFacetsSchema, ...errors }
        }
      },
      async (request, reply) => {
        const { category } = request.query;
        const text2 = await cache.json(`facets:${category ?? ""}`, ProductFacetsSchema, async () => ({
          success: true,
          ...await catalog.facets(category)
        }));
        return sendJsonText(reply, text2);
      }
    );
    app.get(
      "/featured-women",
      {
        schema: {
          tags: tags2,
          summary: "'Popular For Women': the best-rated women's products",
          response: { 200: ProductCollectionSchema }
        }
      },
      async (_request, reply) => {
        const text2 = await cache.json("featured-women", ProductCollectionSchema, async () => ({
          success: true,
          products: await catalog.featuredWomen()
        }));
        return sendJsonText(reply, text2);
      }
    );
    app.get(
      "/newcollection",
      {
        schema: { tags: tags2, summary: "'New Collection': the newest products", response: { 200: ProductCollectionSchema } }
      },
      async (_request, reply) => {
        const text2 = await cache.json("newcollection", ProductCollectionSchema, async () => ({
          success: true,
          products: await catalog.newCollection()
        }));
        return sendJsonText(reply, text2);
      }
    );
    app.get(
      "/related/:category/:excludeId",
      {
        schema: {
          tags: tags2,
          summary: "Products of a category related to one product, which is left out",
          params: z5.object({ category: Param, excludeId: Param }),
          response: { 200: ProductCollectionSchema, ...errors }
        }
      },
      async (request, reply) => {
        const category = requireCategory(request.params.category);
        const { excludeId } = request.params;
        const text2 = await cache.json(`related:${category}:${excludeId}`, ProductCollectionSchema, async () => ({
          success: true,
          products: await catalog.related(category, excludeId)
        }));
        return sendJsonText(reply, text2);
      }
    );
    app.get(
      "/slug/:slug",
      {
        schema: {
          tags: tags2,
          summary: "One product by its slug",
          params: z5.object({ slug: Param }),
          response: { 200: ProductAnswerSchema, ...errors }
        }
      },
      async (request, reply) => {
        const { slug } = request.params;
        const text2 = await cache.json(`slug:${slug}`, ProductAnswerSchema, async () => ({
          success: true,
          product: await catalog.getBySlug(slug)
        }));
        return sendJsonText(reply, text2);
      }
    );
    app.get(
      "/:id",
      {
        schema: {
          tags: tags2,
          summary: "One product by its id",
          params: z5.object({ id: Param }),
          response: { 200: ProductAnswerSchema, ...errors }
        }
      },
      async (request, reply) => {
        const { id } = request.params;
        const text2 = await cache.json(`id:${id}`, ProductAnswerSchema, async () => ({
          success: true,
          product: await catalog.getById(id)
        }));
        return sendJsonText(reply, text2);
      }
    );
  };
}

// apps/server/src/modules/health/health.routes.ts
import { z as z6 } from "zod";
var StatusSchema = z6.object({ status: z6.enum(["ok", "unavailable"]), database: z6.string().optional() });
function healthRoutes({
  ping,
  databaseKind
}) {
  return async (app) => {
    app.get(
      "/health",
      { schema: { tags: ["operations"], summary: "Liveness: the process answers", response: { 200: StatusSchema } } },
      async () => ({ status: "ok" })
    );
    app.get(
      "/ready",
      {
        schema: {
          tags: ["operations"],
          summary: "Readiness: the database answers",
          response: { 200: StatusSchema, 503: StatusSchema }
        }
      },
      async (request, reply) => {
        try {
          await ping();
          return { status: "ok", database: databaseKind };
        } catch (error) {
          request.log.warn({ err: error }, "readiness check failed");
          return reply.status(503).send({ status: "unavailable", database: databaseKind });
        }
      }
    );
  };
}

// apps/server/src/modules/images/images.routes.ts
import { createHash as createHash2 } from "node:crypto";

// apps/server/src/modules/images/garment-art.ts
var GARMENTS = [
  "tshirt",
  "tank",
  "shirt",
  "polo",
  "hoodie",
  "sweater",
  "cardigan",
  "jacket",
  "coat",
  "jeans",
  "trousers",
  "shorts",
  "skirt",
  "dress",
  "romper"
];
var IMAGE_VIEWS = ["front", "back", "detail"];
var WIDTH = 600;
var HEIGHT = 750;
var HEX_PATTERN = /^[0-9a-f]{6}$/;
var NAME_PATTERN = /^([a-z]{2,12})-([0-9a-f]{6})-([a-z]{4,6})\.svg$/;
var MAX_NAME_LENGTH = 40;
function isGarment(value) {
  return GARMENTS.includes(value);
}
function isView(value) {
  return IMAGE_VIEWS.includes(value);
}
function parseImageName(name) {
  if (typeof name !== "string" || name.length > MAX_NAME_LENGTH) return null;
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const [, garment = "", colour = "", view = ""] = match;
  if (!isGarment(garment) || !isView(view)) return null;
  return { garment, colour, view };
}
function normaliseHex(colourHex) {
  const hex = colourHex.replace(/^#/, "").toLowerCase();
  if (!HEX_PATTERN.test(hex)) throw new Error(`Not a 6-digit hex colour: ${colourHex}`);
  return hex;
}
function imageName(garment, colourHex, view) {
  return `${garment}-${normaliseHex(colourHex)}-${view}.svg`;
}
var BLACK = [0, 0, 0];
var WHITE = [255, 255, 255];
function toRgb(hex) {
  const n = Number.parseInt(hex, 16);
  return [n >> 16 & 255, n >> 8 & 255, n & 255];
}
function toHex([r, g, b]) {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}
function mix(a, b, t) {
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}
function palette(hex) {
  const rgb = toRgb(hex);
  const luma = (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
  const isDark = luma < 0.22;
  const isLight = luma > 0.78;
  const studio = isLight ? [226, 223, 218] : [246, 244, 240];
  return {
    base: `#${hex}`,
    shade: isDark ? mix(rgb, WHITE, 0.1) : mix(rgb, BLACK, 0.12),
    deep: isDark ? mix(rgb, BLACK, 0.45) : mix(rgb, BLACK, 0.38),
    light: mix(rgb, WHITE, 0.55),
    line: isDark ? mix(rgb, WHITE, 0.28) : mix(rgb, BLACK, 0.32),
    stitch: isDark ? mix(rgb, WHITE, 0.38) : mix(rgb, BLACK, 0.22),
    ink: luma < 0.35 ? "#fff" : "#000",
    bg: mix(studio, rgb, isLight ? 0.1 : 0.14),
    bgGlow: mix(studio, WHITE, 0.5),
    isLight,
    isDark
  };
}
function mirrored(half) {
  const tokens = half.trim().split(/[\s,]+/);
  const num = (i2) => Number(tokens[i2]);
  const start = [num(0), num(1)];
  const segments = [];
  let i = 2;
  while (i < tokens.length) {
    const cmd = tokens[i] ?? "L";
    const count = cmd === "C" ? 3 : cmd === "Q" ? 2 : 1;
    const pts = [];
    for (let k = 0; k < count; k++) pts.push([num(i + 1 + 2 * k), num(i + 2 + 2 * k)]);
    segments.push({ cmd, pts });
    i += 1 + 2 * count;
  }
  const p = ([x, y]) => `${x} ${y}`;
  const m = ([x, y]) => `${WIDTH - x} ${y}`;
  let d = `M${p(start)}`;
  for (const s of segments) d += `${s.cmd}${s.pts.map(p).join(" ")}`;
  const ends = [start, ...segments.map((s) => s.pts[s.pts.length - 1] ?? start)];
  for (let k = segments.length - 1; k >= 0; k--) {
    const s = segments[k];
    const to = ends[k];
    if (!s || !to) continue;
    const controls = s.pts.slice(0, -1).reverse();
    d += `${s.cmd}${[...controls, to].map(m).join(" ")}`;
  }
  return `${d}Z`;
}
var flip = (content) => `${content}<g transform="matrix(-1 0 0 1 ${WIDTH} 0)">${content}</g>`;
var line = (d, stroke, w = 2, extra = "", cap = "round") => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="${cap}"${extra}/>`;
var rib = (d, p, w) => line(d, p.shade, w, "", "butt");
var shape = (d, fill, stroke, w = 2) => `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${w}" stroke-linejoin="round"/>`;
var stitch = (d, p, colour = p.stitch) => line(d, colour, 1.6, ' stroke-dasharray="5 4"');
var fold = (d, p) => line(d, p.deep, 2, ' opacity=".35"');
var button = (x, y, p, r = 5, fill = p.light) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${p.line}" stroke-width="1.5"/>`;
var label = (y, p) => `<rect x="286" y="${y}" width="28" height="16" rx="2" fill="${p.isLight ? "#4a4a4a" : "#f3efe8"}"/>`;
function texture(kind, ink) {
  const s = `stroke="${ink}"`;
  switch (kind) {
    case "jersey":
      return `<pattern id="t" width="6" height="5" patternUnits="userSpaceOnUse"><path d="M0 2.5h6" ${s} stroke-opacity=".05"/></pattern>`;
    case "pique":
      return `<pattern id="t" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.1" fill="${ink}" fill-opacity=".09"/></pattern>`;
    case "knit":
      return `<pattern id="t" width="8" height="10" patternUnits="userSpaceOnUse"><path d="M0 0l4 5 4-5M0 5l4 5 4-5" fill="none" ${s} stroke-opacity=".11"/></pattern>`;
    case "twill":
      return `<pattern id="t" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M-1 1l2-2M0 7l7-7M6 8l2-2" ${s} stroke-opacity=".13" stroke-width="1.4"/></pattern>`;
    case "woven":
      return `<pattern id="t" width="5" height="5" patternUnits="userSpaceOnUse"><path d="M0 .5h5M.5 0v5" ${s} stroke-opacity=".06"/></pattern>`;
  }
}
var TEE_BODY = "L 420 158 L 508 268 L 462 312 L 426 284 L 430 640 Q 366 648 300 648";
var LONG_BODY = "L 420 150 Q 452 168 462 228 L 512 556 L 468 568 L 430 306 L 432 640 Q 366 648 300 648";
var teeSleeves = (p) => flip(stitch("M499 256 L453 300", p) + fold("M426 284 Q412 310 414 345", p));
var knitCuffs = (p) => flip(shape("M468 568 L512 556 L507 512 L463 524Z", p.shade, p.line, 1.5)) + shape("M168 600 Q300 606 432 600 L432 640 Q366 648 300 648 Q234 648 168 640Z", p.shade, p.line, 1.5);
var hemStitch = (p) => stitch("M174 628 Q300 638 426 628", p);
var waistband = (top, halfWidth, p) => shape(
  `M${300 - halfWidth} ${top} H${300 + halfWidth} L${304 + halfWidth} ${top + 34} H${296 - halfWidth}Z`,
  p.base,
  p.line
) + stitch(`M${300 - halfWidth} ${top + 26} H${300 + halfWidth}`, p);
var beltLoops = (top, xs, p) => xs.map((x) => shape(`M${x} ${top - 4}h10v40h-10Z`, p.base, p.line, 1.2)).join("");
var DENIM_THREAD = "#c9953f";
var METAL = "#b8b2a4";
var ART = {
  tshirt: {
    texture: "jersey",
    front: `300 178 C 330 178 346 162 350 140 ${TEE_BODY}`,
    back: `300 152 C 326 152 344 148 350 140 ${TEE_BODY}`,
    focus: [330, 210],
    frontDetails: (p) => shape("M250 140 C275 150 325 150 350 140 C346 162 330 178 300 178 C270 178 254 162 250 140Z", p.deep, p.line) + rib("M250 140 C254 162 270 178 300 178 C330 178 346 162 350 140", p, 10) + stitch("M244 148 C252 176 272 190 300 190 C328 190 348 176 356 148", p) + teeSleeves(p) + hemStitch(p),
    backDetails: (p) => rib("M250 140 C275 152 325 152 350 140", p, 10) + label(158, p) + teeSleeves(p) + hemStitch(p)
  },
  tank: {
    texture: "jersey",
    front: "300 205 C 330 205 345 178 348 128 L 380 128 Q 386 214 426 250 L 430 640 Q 366 648 300 648",
    back: "300 165 C 330 165 345 150 348 128 L 380 128 Q 386 214 426 250 L 430 640 Q 366 648 300 648",
    focus: [350, 190],
    frontDetails: (p) => shape("M252 128 C262 158 338 158 348 128 C345 178 330 205 300 205 C270 205 255 178 252 128Z", p.deep, p.line) + rib("M252 128 C255 178 270 205 300 205 C330 205 345 178 348 128", p, 8) + flip(rib("M380 128 Q386 214 426 250", p, 8)) + hemStitch(p),
    backDetails: (p) => rib("M252 128 C255 150 270 165 300 165 C330 165 345 150 348 128", p, 8) + flip(rib("M380 128 Q386 214 426 250", p, 8)) + label(174, p) + hemStitch(p)
  },
  shirt: {
    texture: "woven",
    front: "300 140 L 340 128 L 420 150 Q 452 166 462 226 L 522 556 L 478 570 L 430 300 L 432 612 Q 432 652 396 657 Q 348 664 300 664",
    focus: [318, 220],
    frontDetails: (p) => shape("M260 128 Q300 118 340 128 L336 148 Q300 140 264 148Z", p.deep, p.line) + shape("M289 150 H311 V662 H289Z", p.base, p.line, 1.4) + flip(
      shape("M300 162 L340 126 Q352 132 358 142 L338 214 Z", p.base, p.line) + stitch("M347 148 L334 198", p) + shape("M478 570 L522 556 L515 513 L471 527Z", p.base, p.line, 1.6) + fold("M430 300 Q440 380 452 420", p)
    ) + button(505, 540, p, 4) + [196, 262, 332, 402, 472, 542, 612].map((y) => button(300, y, p)).join("") + shape("M350 252 H410 V314 L380 326 L350 314Z", p.base, p.line, 1.5) + stitch("M350 264 H410", p),
    backDetails: (p) => shape("M258 126 Q300 116 342 126 L352 162 Q300 152 248 162Z", p.base, p.line) + line("M178 214 Q300 226 422 214", p.line, 1.5) + stitch("M178 222 Q300 234 422 222", p) + line("M290 224 V258 M310 224 V258", p.line, 1.4) + flip(shape("M478 570 L522 556 L515 513 L471 527Z", p.base, p.line, 1.6))
  },
  polo: {
    texture: "pique",
    front: "300 160 C 322 160 340 150 345 138 L 420 156 L 506 262 L 462 308 L 426 282 L 430 640 Q 366 648 300 648",
    focus: [312, 205],
    frontDetails: (p) => shape("M255 138 Q300 124 345 138 L340 152 Q300 142 260 152Z", p.deep, p.line) + shape("M288 160 H312 V266 H288Z", p.base, p.line, 1.4) + [184, 216, 248].map((y) => button(300, y, p, 4.5)).join("") + flip(
      shape("M300 160 L344 134 Q370 140 382 152 L338 208 Z", p.base, p.line) + rib("M374 156 L336 202", p, 4) + shape("M462 308 L506 262 L497 251 L453 297Z", p.shade, p.line, 1.2) + fold("M426 282 Q412 310 414 345", p)
    ) + hemStitch(p),
    backDetails: (p) => shape("M255 138 Q300 128 345 138 L350 158 Q300 146 250 158Z", p.base, p.line) + rib("M258 152 Q300 141 342 152", p, 3) + flip(shape("M462 308 L506 262 L497 251 L453 297Z", p.shade, p.line, 1.2)) + hemStitch(p)
  },
  hoodie: {
    texture: "jersey",
    front: "300 96 C 346 96 372 118 374 150 L 428 168 Q 458 186 466 246 L 516 552 L 472 564 L 432 318 L 436 640 Q 368 648 300 648",
    focus: [300, 215],
    frontDetails: (p) => shape("M300 218 C268 194 252 160 258 124 Q300 110 342 124 C348 160 332 194 300 218Z", p.deep, p.line) + flip(
      line("M316 186 Q324 244 318 300", p.light, 4) + line("M318 302 v14", p.line, 6) + `<circle cx="316" cy="186" r="3.5" fill="${p.deep}"/>` + shape("M472 564 L516 552 L511 512 L467 524Z", p.shade, p.line, 1.5) + fold("M432 318 Q420 340 424 380", p)
    ) + shape("M218 430 H382 L412 592 H188Z", p.base, p.line, 1.6) + stitch("M222 441 H378", p) + shape("M166 596 Q300 602 434 596 L436 640 Q368 648 300 648 Q232 648 164 640Z", p.shade, p.line, 1.5),
    backDetails: (p) => `<path d="M300 102 C346 102 374 124 374 156 C374 242 344 306 300 318 C256 306 226 242 226 156 C226 124 254 102 300 102Z" fill="#000" opacity=".12"/>` + shape(
      "M300 96 C346 96 374 118 374 150 C374 236 344 300 300 312 C256 300 226 236 226 150 C226 118 254 96 300 96Z",
      p.base,
      p.line
    ) + line("M300 98 V310", p.line, 1.5) + flip(shape("M472 564 L516 552 L511 512 L467 524Z", p.shade, p.line, 1.5)) + shape("M166 596 Q300 602 434 596 L436 640 Q368 648 300 648 Q232 648 164 640Z", p.shade, p.line, 1.5)
  },
  sweater: {
    texture: "knit",
    front: `300 168 C 330 168 344 150 346 130 ${LONG_BODY}`,
    back: `300 142 C 326 142 342 138 346 130 ${LONG_BODY}`,
    focus: [320, 175],
    frontDetails: (p) => shape("M254 130 Q300 142 346 130 C344 150 330 168 300 168 C270 168 256 150 254 130Z", p.deep, p.line) + rib("M254 130 C256 152 270 170 300 170 C330 170 344 152 346 130", p, 14) + flip(fold("M430 306 Q418 330 420 370", p)) + knitCuffs(p),
    backDetails: (p) => rib("M254 130 Q300 144 346 130", p, 14) + label(148, p) + knitCuffs(p)
  },
  cardigan: {
    texture: "knit",
    front: `300 256 L 346 130 ${LONG_BODY}`,
    back: `300 142 C 326 142 342 138 346 130 ${LONG_BODY}`,
    focus: [305, 290],
    frontDetails: (p) => shape("M254 130 Q300 142 346 130 L300 256Z", p.deep, p.line) + rib("M254 130 L300 254 M346 130 L300 254", p, 16) + shape("M290 254 H310 V646 H290Z", p.shade, p.line, 1.4) + [282, 352, 422, 492, 562].map((y) => button(300, y, p, 6)).join("") + flip(shape("M338 470 H398 V536 H338Z", p.base, p.line, 1.5) + rib("M338 480 H398", p, 6)) + knitCuffs(p),
    backDetails: (p) => rib("M254 130 Q300 144 346 130", p, 14) + label(148, p) + knitCuffs(p)
  },
  jacket: {
    texture: "woven",
    front: "300 138 C 326 138 342 130 348 118 L 428 150 Q 470 170 480 240 L 526 540 L 478 556 L 438 320 L 440 604 L 438 646 Q 368 652 300 652",
    focus: [310, 190],
    frontDetails: (p) => shape(
      "M252 118 C258 130 282 138 300 138 C318 138 342 130 348 118 L358 140 C346 156 320 162 300 162 C280 162 254 156 242 140Z",
      p.shade,
      p.line
    ) + line("M300 162 V604", p.deep, 4) + line("M300 162 V604", METAL, 5, ' stroke-dasharray="1.5 2.5"') + shape("M295 168 h10 v22 h-10Z", METAL, p.line, 1.2) + flip(
      shape("M350 420 L362 418 L400 500 L388 502Z", p.deep, p.line, 1.2) + shape("M478 556 L526 540 L521 502 L473 518Z", p.shade, p.line, 1.5) + fold("M438 320 Q420 345 426 390", p)
    ) + shape("M452 240 L478 236 L486 292 L460 296Z", p.base, p.line, 1.4) + shape("M162 604 Q300 612 438 604 L438 646 Q368 652 300 652 Q232 652 162 646Z", p.shade, p.line, 1.5),
    backDetails: (p) => shape("M252 118 Q300 130 348 118 L352 142 Q300 154 248 142Z", p.shade, p.line) + flip(shape("M478 556 L526 540 L521 502 L473 518Z", p.shade, p.line, 1.5)) + shape("M162 604 Q300 612 438 604 L438 646 Q368 652 300 652 Q232 652 162 646Z", p.shade, p.line, 1.5)
  },
  coat: {
    texture: "woven",
    front: "300 300 L 340 128 L 420 150 Q 452 168 460 230 L 508 584 L 466 596 L 428 320 L 442 702 L 300 702",
    back: "300 128 L 340 128 L 420 150 Q 452 168 460 230 L 508 584 L 466 596 L 428 320 L 442 702 L 300 702",
    focus: [330, 300],
    frontDetails: (p) => shape("M260 128 Q300 142 340 128 L300 300Z", p.deep, p.line) + line("M300 300 V702", p.line, 2) + flip(
      shape("M340 126 L378 170 L358 188 L386 206 L314 314 L300 300Z", p.base, p.line) + fold("M336 150 L310 290", p) + shape("M336 500 H414 V522 H336Z", p.base, p.line, 1.6) + line("M462 566 L504 554", p.line, 1.6) + button(338, 372, p, 8, p.deep) + button(338, 462, p, 8, p.deep)
    ) + stitch("M162 688 H438", p),
    backDetails: (p) => shape("M258 126 Q300 116 342 126 L354 170 Q300 160 246 170Z", p.base, p.line) + line("M300 170 V620 M300 620 V702 M300 620 L312 630 V702", p.line, 1.8) + shape("M236 370 H364 V392 H236Z", p.base, p.line, 1.6) + button(248, 381, p, 6, p.deep) + button(352, 381, p, 6, p.deep) + flip(line("M462 566 L504 554", p.line, 1.6))
  },
  jeans: {
    texture: "twill",
    front: "300 112 L 410 112 L 420 176 Q 440 420 444 690 L 330 690 L 307 344 Q 303 336 300 336",
    focus: [345, 175],
    frontDetails: (p) => flip(
      line("M345 146 Q352 204 418 212", p.line, 1.6) + stitch("M357 146 Q364 196 418 200", p, DENIM_THREAD) + stitch("M333 676 H442", p, DENIM_THREAD) + `<circle cx="416" cy="208" r="3" fill="${METAL}"/>`
    ) + waistband(112, 110, { ...p, stitch: DENIM_THREAD }) + beltLoops(112, [232, 358, 398], p) + line("M300 146 V300", p.line, 1.5) + stitch("M318 146 V268 Q318 292 300 300", p, DENIM_THREAD) + stitch("M366 150 V182 H400", p, DENIM_THREAD) + button(300, 129, p, 7, METAL),
    backDetails: (p) => waistband(112, 110, { ...p, stitch: DENIM_THREAD }) + beltLoops(112, [210, 295, 380], p) + shape("M360 120 h34 v20 h-34Z", "#a8744a", p.line, 1) + line("M186 176 L300 198 L414 176", p.line, 1.5) + stitch("M186 184 L300 206 L414 184", p, DENIM_THREAD) + line("M300 146 V336", p.line, 1.5) + flip(
      shape("M322 224 H398 L394 302 L360 318 L326 302Z", p.base, p.line, 1.6) + stitch("M330 234 H390", p, DENIM_THREAD) + stitch("M334 262 Q360 282 386 262", p, DENIM_THREAD) + stitch("M333 676 H442", p, DENIM_THREAD)
    )
  },
  trousers: {
    texture: "twill",
    front: "300 120 L 404 120 L 414 180 Q 428 420 428 692 L 322 692 L 306 348 Q 303 340 300 340",
    focus: [335, 175],
    frontDetails: (p) => waistband(120, 104, p) + beltLoops(120, [240, 350, 392], p) + button(300, 137, p, 5, p.deep) + line("M300 154 V336", p.line, 1.5) + stitch("M314 154 V290 Q314 304 300 310", p) + flip(line("M352 154 L404 246", p.line, 1.6) + fold("M344 154 L346 205", p) + fold("M376 250 L376 690", p)),
    backDetails: (p) => waistband(120, 104, p) + beltLoops(120, [222, 295, 368], p) + line("M300 154 V340", p.line, 1.5) + flip(
      line("M326 214 H390", p.deep, 4) + button(358, 226, p, 4) + fold("M358 154 L358 200", p) + fold("M376 250 L376 690", p)
    )
  },
  shorts: {
    texture: "twill",
    front: "300 200 L 400 200 L 414 262 L 452 540 L 316 556 L 304 430 Q 302 424 300 424",
    focus: [345, 260],
    fit: { scale: 1.32, centreY: 378 },
    frontDetails: (p) => waistband(200, 100, p) + beltLoops(200, [244, 346, 386], p) + button(300, 217, p, 5, p.deep) + line("M300 234 V420", p.line, 1.5) + stitch("M316 234 V360 Q316 380 300 386", p) + flip(
      line("M350 234 Q360 290 414 296", p.line, 1.6) + shape("M316 556 L452 540 L448 510 L313 526Z", p.base, p.line, 1.5) + fold("M380 300 L386 505", p)
    ),
    backDetails: (p) => waistband(200, 100, p) + beltLoops(200, [226, 295, 364], p) + line("M300 234 V424", p.line, 1.5) + flip(
      shape("M322 262 H392 V330 Q357 340 322 330Z", p.base, p.line, 1.5) + shape("M320 258 H394 V284 Q357 294 320 284Z", p.shade, p.line, 1.5) + button(357, 280, p, 4) + shape("M316 556 L452 540 L448 510 L313 526Z", p.base, p.line, 1.5)
    )
  },
  skirt: {
    texture: "woven",
    front: "300 150 L 398 150 L 404 186 Q 460 400 528 628 Q 420 652 300 652",
    focus: [330, 230],
    frontDetails: (p) => waistband(150, 98, p) + flip(fold("M342 192 Q356 420 376 644", p) + fold("M378 190 Q414 420 456 638", p)) + line("M300 184 V652", p.line, 1.4) + [167, 226, 300, 374, 448, 522, 596].map((y) => button(300, y, p, 5)).join("") + stitch("M84 616 Q190 638 300 640 Q410 638 516 616", p),
    backDetails: (p) => waistband(150, 98, p) + line("M300 184 V340", p.line, 2) + shape("M296 186 h8 v18 h-8Z", METAL, p.line, 1) + flip(fold("M342 192 Q356 420 376 644", p) + fold("M378 190 Q414 420 456 638", p)) + stitch("M84 616 Q190 638 300 640 Q410 638 516 616", p)
  },
  dress: {
    texture: "woven",
    front: "300 178 C 328 178 344 156 346 112 L 376 112 Q 380 176 412 204 Q 418 270 398 334 Q 460 500 520 678 Q 410 700 300 700",
    back: "300 140 C 326 140 342 130 346 112 L 376 112 Q 380 176 412 204 Q 418 270 398 334 Q 460 500 520 678 Q 410 700 300 700",
    focus: [318, 245],
    frontDetails: (p) => shape("M254 112 Q300 134 346 112 C344 156 328 178 300 178 C272 178 256 156 254 112Z", p.deep, p.line) + shape("M202 326 Q300 336 398 326 L400 346 Q300 356 200 346Z", p.shade, p.line, 1.5) + flip(fold("M350 326 L346 240", p) + fold("M340 352 Q360 520 380 692", p) + fold("M382 348 Q430 520 462 686", p)) + stitch("M86 664 Q300 700 514 664", p),
    backDetails: (p) => line("M300 142 V430", p.line, 2) + shape("M296 144 h8 v18 h-8Z", METAL, p.line, 1) + shape("M202 326 Q300 336 398 326 L400 346 Q300 356 200 346Z", p.shade, p.line, 1.5) + flip(fold("M340 352 Q360 520 380 692", p) + fold("M382 348 Q430 520 462 686", p)) + stitch("M86 664 Q300 700 514 664", p)
  },
  romper: {
    texture: "jersey",
    front: "300 166 C 322 166 334 152 338 136 L 384 146 L 452 214 L 420 252 L 394 230 L 398 468 L 414 560 L 320 574 L 305 546 Q 302 540 300 540",
    back: "300 146 C 322 146 334 142 338 136 L 384 146 L 452 214 L 420 252 L 394 230 L 398 468 L 414 560 L 320 574 L 305 546 Q 302 540 300 540",
    focus: [315, 205],
    fit: { scale: 1.22, centreY: 355 },
    frontDetails: (p) => shape("M262 136 Q300 148 338 136 C334 152 322 166 300 166 C278 166 266 152 262 136Z", p.deep, p.line) + rib("M262 136 C266 152 278 166 300 166 C322 166 334 152 338 136", p, 8) + shape("M290 168 H310 V262 H290Z", p.base, p.line, 1.3) + [190, 218, 246].map((y) => button(300, y, p, 4)).join("") + flip(
      line("M338 136 L352 162 L384 146", p.line, 1.5) + shape("M320 574 L414 560 L412 546 L318 560Z", p.shade, p.line, 1.2) + shape("M420 252 L452 214 L443 206 L411 244Z", p.shade, p.line, 1.2) + button(290, 532, p, 3.5)
    ) + `<path d="M352 244c-14-10-16-24-4-24 3 0 4 3 4 3s1-3 4-3c12 0 10 14-4 24z" fill="${p.light}"/>`,
    backDetails: (p) => rib("M262 136 C270 146 285 146 300 146 C315 146 330 146 338 136", p, 8) + label(154, p) + flip(
      shape("M320 574 L414 560 L412 546 L318 560Z", p.shade, p.line, 1.2) + shape("M420 252 L452 214 L443 206 L411 244Z", p.shade, p.line, 1.2)
    )
  }
};
var DETAIL_ZOOM = 2.6;
function renderGarmentSvg({ garment, colour, view }) {
  const hex = normaliseHex(colour);
  const art = ART[garment];
  const p = palette(hex);
  const outline = mirrored(view === "back" ? art.back ?? art.front : art.front);
  const details = view === "back" ? art.backDetails(p) : art.frontDetails(p);
  const [fx, fy] = art.focus;
  const zoom = view === "detail" ? ` transform="translate(${WIDTH / 2} ${HEIGHT / 2}) scale(${DETAIL_ZOOM}) translate(${-fx} ${-fy})"` : art.fit ? ` transform="translate(${WIDTH / 2} ${HEIGHT / 2}) scale(${art.fit.scale}) translate(${-WIDTH / 2} ${-art.fit.centreY})"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><defs>${texture(art.texture, p.ink)}<radialGradient id="b" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${p.bgGlow}"/><stop offset="1" stop-color="${p.bg}"/></radialGradient><linearGradient id="l" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient><path id="g" d="${outline}"/></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#b)"/><g${zoom}><use href="#g" fill="#000" opacity=".1" transform="translate(7 11)"/><use href="#g" fill="${p.base}"/><use href="#g" fill="url(#t)"/><use href="#g" fill="url(#l)"/>` + details + `<use href="#g" fill="none" stroke="${p.line}" stroke-width="2.5" stroke-linejoin="round"/></g></svg>`;
}
function renderPlaceholderSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#ececec"/><g fill="none" stroke="#b4b4b4" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"><path d="M300 352 V328 C300 312 326 308 326 284 C326 264 300 256 284 272"/><path d="M300 352 L166 432 Q150 446 172 446 H428 Q450 446 434 432 Z"/></g></svg>`;
}

// apps/server/src/modules/images/images.routes.ts
var SVG_TYPE = "image/svg+xml; charset=utf-8";
var IMMUTABLE = "public, max-age=31536000, immutable";
var SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
var MAX_CACHED = 500;
function rendered(body) {
  const etag = `"${createHash2("sha1").update(body).digest("base64url").slice(0, 16)}"`;
  return { body, etag };
}
function matchesEtag(header, etag) {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === etag;
  });
}
function sendSvg(request, reply, image) {
  reply.header("cache-control", IMMUTABLE).header("etag", image.etag).header("content-security-policy", SVG_CSP);
  if (matchesEtag(request.headers["if-none-match"], image.etag)) return reply.code(304).send();
  return reply.type(SVG_TYPE).send(image.body);
}
async function imagesRoutes(app) {
  const placeholder = rendered(renderPlaceholderSvg());
  const cache = /* @__PURE__ */ new Map();
  function render(name) {
    const hit = cache.get(name);
    if (hit) return hit;
    const parsed = parseImageName(name);
    if (!parsed) return null;
    const image = rendered(renderGarmentSvg(parsed));
    if (cache.size >= MAX_CACHED) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(name, image);
    return image;
  }
  app.get(
    "/images/products/:name",
    { schema: { hide: true } },
    async (request, reply) => {
      const image = render(request.params.name);
      if (image) return sendSvg(request, reply, image);
      return reply.code(404).header("cache-control", "no-cache").header("content-security-policy", SVG_CSP).type(SVG_TYPE).send(placeholder.body);
    }
  );
  app.get(
    "/images/placeholder.svg",
    { schema: { hide: true } },
    async (request, reply) => sendSvg(request, reply, placeholder)
  );
}

// apps/server/src/modules/mail/mailbox.routes.ts
import { desc as desc2, eq as eq5, sql as sql4 } from "drizzle-orm";
import { z as z7 } from "zod";
var MAILBOX_LIMIT = 50;
function mailboxRoutes({ db }) {
  return async (app) => {
    app.get(
      "/mailbox",
      {
        schema: {
          tags: ["dev"],
          summary: "Read the mail the shop sent, newest first (development only)",
          querystring: z7.object({ to: EmailSchema.optional() }),
          response: { 200: MailboxAnswerSchema, 400: ErrorBodySchema }
        }
      },
      async (request) => {
        const { to } = request.query;
        const rows = await db.select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          createdAt: mailOutbox.createdAt
        }).from(mailOutbox).where(to ? eq5(sql4`lower(${mailOutbox.to})`, to) : void 0).orderBy(desc2(mailOutbox.createdAt), desc2(mailOutbox.id)).limit(MAILBOX_LIMIT);
        return {
          success: true,
          messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
        };
      }
    );
  };
}

// apps/server/src/modules/users/account.service.ts
function createAccountService({
  db,
  config,
  users: users2,
  sessions: sessions2
}) {
  async function passwordHashOf(userId) {
    const user = await users2.findById(userId);
    if (!user) throw new AppError("UNAUTHENTICATED", ACCOUNT_MESSAGES.sessionExpired);
    return user.passwordHash;
  }
  const fieldError = (param, msg) => new AppError("VALIDATION_FAILED", msg, [{ param, msg }]);
  async function updateProfile(userId, body) {
    return users2.updateProfile(userId, body);
  }
  async function changePassword(auth, currentPassword, newPassword) {
    if (!await verifyPassword(await passwordHashOf(auth.userId), currentPassword)) {
      throw fieldError("currentPassword", ACCOUNT_MESSAGES.currentPasswordIncorrect);
    }
    if (newPassword === currentPassword) throw fieldError("newPassword", ACCOUNT_MESSAGES.newPasswordSameAsCurrent);
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      const user = await users2.setPasswordHash(tx, auth.userId, passwordHash);
      await sessions2.revokeAllOfUser(tx, auth.userId, "password-change", { except: auth.sessionId });
      await enqueueMail(
        tx,
        passwordChangedMail({ to: user.email, name: user.name, supportUrl: `${config.publicUrl}/forgot-password` })
      );
    });
  }
  async function disableAccount(auth, password) {
    if (!await verifyPassword(await passwordHashOf(auth.userId), password)) {
      throw fieldError("password", ACCOUNT_MESSAGES.passwordIncorrect);
    }
    await db.transaction(async (tx) => {
      await users2.disable(tx, auth.userId);
      await sessions2.revokeAllOfUser(tx, auth.userId, "disabled");
    });
  }
  async function toggleAdmin(auth) {
    if (!config.allowSelfAdmin) throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.selfAdminDisabled);
    return users2.toggleAdmin(auth.userId);
  }
  return { updateProfile, changePassword, disableAccount, toggleAdmin };
}

// apps/server/src/modules/users/users.routes.ts
import { z as z8 } from "zod";
var tags3 = ["users"];
var E2 = ErrorBodySchema;
var ProfileAnswerSchema = z8.object({ success: z8.literal(true), message: z8.string(), user: UserSchema });
function usersRoutes({
  account,
  requireAuth: requireAuth2,
  secureCookies
}) {
  return async (app) => {
    app.addHook("onRequest", requireAuth2);
    for (const [url, summary] of [
      ["/me", "The signed-in user"],
      ["/verify-token", "Check the access token; answers the signed-in user"]
    ]) {
      app.get(url, { schema: { tags: tags3, summary, response: { 200: UserAnswerSchema, 401: E2 } } }, async (request) => ({
        success: true,
        user: toUserView(authOf(request).user)
      }));
    }
    app.put(
      "/profile",
      {
        schema: {
          tags: tags3,
          summary: "Update name, phone and shipping address (null or all-empty clears it)",
          body: ProfileUpdateBodySchema,
          response: { 200: ProfileAnswerSchema, 400: E2, 401: E2 }
        }
      },
      async (request) => {
        const user = await account.updateProfile(authOf(request).userId, request.body);
        return { success: true, message: ACCOUNT_MESSAGES.profileUpdated, user: toUserView(user) };
      }
    );
    app.put(
      "/change-password",
      {
        schema: {
          tags: tags3,
          summary: "Change the password; signs out every other session",
          body: ChangePasswordBodySchema,
          response: { 200: MessageAnswerSchema, 400: E2, 401: E2 }
        }
      },
      async (request) => {
        await account.changePassword(authOf(request), request.body.currentPassword, request.body.newPassword);
        return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
      }
    );
    app.put(
      "/disable-account",
      {
        schema: {
          tags: tags3,
          summary: "Disable the account after checking the password; ends every session",
          body: DisableAccountBodySchema,
          response: { 200: MessageAnswerSchema, 400: E2, 401: E2 }
        }
      },
      async (request, reply) => {
        await account.disableAccount(authOf(request), request.body.password);
        clearRefreshCookie(reply, secureCookies);
        return { success: true, message: ACCOUNT_MESSAGES.accountDisabledDone };
      }
    );
    app.post(
      "/toggle-admin",
      {
        schema: {
          tags: tags3,
          summary: "Self-service admin flag (demo feature; off in production unless ALLOW_SELF_ADMIN=true)",
          response: { 200: ToggleAdminAnswerSchema, 401: E2, 403: E2 }
        }
      },
      async (request) => {
        const user = await account.toggleAdmin(authOf(request));
        return {
          success: true,
          isAdmin: user.isAdmin,
          message: user.isAdmin ? ACCOUNT_MESSAGES.nowAdmin : ACCOUNT_MESSAGES.adminRemoved,
          user: toUserView(user)
        };
      }
    );
  };
}

// apps/server/src/plugins/errors.ts
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
function send(reply, status, body) {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}
function fieldErrorsFromZod(error) {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    param: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (error.validationContext ?? "request"),
    msg: issue.message ?? MESSAGES.validationFailed
  }));
}
function installErrorHandling(app) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, STATUS_BY_CODE[error.code], {
        success: false,
        code: error.code,
        message: error.message,
        ...error.fields ? { errors: error.fields } : {}
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors2 = fieldErrorsFromZod(error);
      return send(reply, 400, {
        success: false,
        code: "VALIDATION_FAILED",
        message: errors2[0]?.msg ?? MESSAGES.validationFailed,
        errors: errors2
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response does not match its schema");
      return send(reply, 500, { success: false, code: "INTERNAL", message: MESSAGES.unexpected });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 404 ? "NOT_FOUND" : status === 429 ? "RATE_LIMITED" : "VALIDATION_FAILED";
      return send(reply, status, { success: false, code, message: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, { success: false, code: "INTERNAL", message: MESSAGES.unexpected });
  });
}

// apps/server/src/plugins/rate-limit.ts
import rateLimit from "@fastify/rate-limit";
import { Redis } from "ioredis";
var RATE_LIMITED_ACTIONS = [
  "login",
  "signup",
  "forgotPassword",
  "requestVerification",
  "resetPassword"
];
var MINUTE = 6e4;
var RATE_LIMITS = {
  login: { perIp: { max: 30, windowMs: 15 * MINUTE }, perAccount: { max: 10, windowMs: 15 * MINUTE } },
  signup: { perIp: { max: 10, windowMs: 60 * MINUTE }, perAccount: { max: 5, windowMs: 60 * MINUTE } },
  forgotPassword: { perIp: { max: 10, windowMs: 15 * MINUTE }, perAccount: { max: 3, windowMs: 15 * MINUTE } },
  requestVerification: { perIp: { max: 10, windowMs: 15 * MINUTE }, perAccount: { max: 3, windowMs: 15 * MINUTE } },
  resetPassword: { perIp: { max: 20, windowMs: 15 * MINUTE }, perAccount: { max: 5, windowMs: 15 * MINUTE } }
};
async function installRateLimits(app, settings) {
  const redis = settings.redisUrl ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2e3 }) : void 0;
  if (redis) {
    redis.on("error", (error) => app.log.warn({ err: error }, "rate-limit Redis connection error"));
    app.addHook("onClose", async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, { global: false, redis, nameSpace: settings.nameSpace ?? "shopper-rate-limit:" });
  const accountKeys = /* @__PURE__ */ new WeakMap();
  const counters = /* @__PURE__ */ new Map();
  for (const action of RATE_LIMITED_ACTIONS) {
    for (const scope of ["perIp", "perAccount"]) {
      const rule = settings.limits[action][scope];
      counters.set(
        `${action}:${scope}`,
        app.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowMs,
          keyGenerator: (request) => scope === "perIp" ? `${action}:ip:${request.ip}` : `${action}:account:${accountKeys.get(request) ?? ""}`
        })
      );
    }
  }
  return (action, accountKey) => async (request, reply) => {
    accountKeys.set(request, hashToken(accountKey(request)));
    for (const scope of ["perIp", "perAccount"]) {
      const counter = counters.get(`${action}:${scope}`);
      if (!counter) continue;
      let result;
      try {
        result = await counter(request);
      } catch (error) {
        request.log.warn({ err: error }, "rate limit store unavailable");
        return;
      }
      if (!result.isAllowed && result.isExceeded) {
        void reply.header("retry-after", String(result.ttlInSeconds));
        throw new AppError("RATE_LIMITED", ACCOUNT_MESSAGES.tooManyRequests);
      }
    }
  };
}

// apps/server/src/plugins/security-headers.ts
import helmet from "helmet";
var applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // No inline scripts: an injected script has nowhere to run (DESIGN.md, trust boundaries).
      scriptSrc: ["'self'"],
      // Radix and sonner inject <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null
    }
  },
  crossOriginResourcePolicy: { policy: "same-site" }
});
function installSecurityHeaders(app) {
  app.addHook("onRequest", (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : void 0));
  });
}

// apps/server/src/plugins/web-app.ts
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
async function registerWebApp(app, distDir) {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`The web app is not built: ${indexFile} is missing`);
  const indexHtml = readFileSync(indexFile, "utf8");
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // One route per built file, so unknown paths fall through to the not-found handler.
    wildcard: false,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", isHashedAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    }
  });
  return indexHtml;
}

// apps/server/src/app.ts
async function buildApp({
  config,
  database,
  clock = () => /* @__PURE__ */ new Date(),
  rateLimits = {}
}) {
  if (!config.jwtSecret) throw new Error("buildApp needs config.jwtSecret (main.ts generates one outside production)");
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : {
      level: config.logLevel,
      redact: ["req.headers.authorization", 'req.headers["auth-token"]', "req.headers.cookie"]
    },
    // One line per request (below) instead of Fastify's two: half the logging cost under load.
    disableRequestLogging: true,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    trustProxy: config.isProduction,
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 100 * 1024,
    // Malformed URLs and over-long parameters are refused before routing; answer them in our error shape too.
    frameworkErrors: (error, _request, reply) => {
      const body = { success: false, code: "VALIDATION_FAILED", message: error.message };
      void reply.status(error.statusCode ?? 400).send(body);
    }
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installAuth(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      "request completed"
    );
    done();
  });
  installSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: "SHOPPER API", version: "1.0.0", description: "Catalog, accounts, cart, checkout and orders." }
    },
    transform: jsonSchemaTransform
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(metrics, {
    // The plugin installs its own handler; the options only keep the route out of the API docs.
    endpoint: { url: "/metrics", method: "GET", logLevel: "fatal", schema: { hide: true }, handler: () => void 0 },
    routeMetrics: { enabled: true },
    // prom-client's registry is global: a second app in one process (tests) starts it afresh.
    clearRegisterOnInit: true
  });
  await app.register(cookie);
  const rateLimit2 = await installRateLimits(app, {
    limits: rateLimits.limits ?? RATE_LIMITS,
    nameSpace: rateLimits.nameSpace,
    redisUrl: config.redisUrl
  });
  const { db } = database;
  const accessTokens = createAccessTokens({ secret: config.jwtSecret, clock });
  const users2 = createUsersService({ db, clock });
  const sessions2 = createSessionsService({ db, clock });
  const emailTokens2 = createEmailTokensService({ db, clock });
  const auth = createAuthService({ db, config, users: users2, sessions: sessions2, emailTokens: emailTokens2, accessTokens, clock });
  const account = createAccountService({ db, config, users: users2, sessions: sessions2 });
  const signedIn = requireAuth({ tokens: accessTokens, findSession: sessions2.findWithUser, clock });
  const catalog = createCatalogService({ db: database.db });
  const catalogCache = createCatalogReadCache({ ttlMs: config.catalogCacheTtlMs });
  await app.register(healthRoutes({ ping: () => database.ping(), databaseKind: database.kind }), { prefix: "/api" });
  await app.register(catalogRoutes({ catalog, cache: catalogCache }), { prefix: "/api/products" });
  await app.register(authRoutes({ auth, rateLimit: rateLimit2, secureCookies: config.isProduction }), { prefix: "/api/users" });
  await app.register(usersRoutes({ account, requireAuth: signedIn, secureCookies: config.isProduction }), {
    prefix: "/api/users"
  });
  if (config.devMailboxEnabled) await app.register(mailboxRoutes({ db: database.db }), { prefix: "/api/dev" });
  await app.register(imagesRoutes);
  const indexHtml = config.webDistDir ? await registerWebApp(app, config.webDistDir) : void 0;
  app.setNotFoundHandler((request, reply) => {
    const path8 = request.url.split("?")[0] ?? "/";
    const isApi = path8 === "/api" || path8.startsWith("/api/");
    const wantsHtml = (request.headers.accept ?? "").includes("text/html");
    if (indexHtml && request.method === "GET" && !isApi && wantsHtml) {
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
    }
    const body = {
      success: false,
      code: "NOT_FOUND",
      message: MESSAGES.apiRouteNotFound(request.method, path8)
    };
    return reply.status(404).send(body);
  });
  return app;
}

// apps/server/src/config.ts
import path2 from "node:path";
import { z as z9 } from "zod";
var EnvSchema = z9.object({
  NODE_ENV: z9.enum(["development", "production", "test"]).default("development"),
  PORT: z9.coerce.number().int().min(0).max(65535).default(3e3),
  HOST: z9.string().default("0.0.0.0"),
  DATA_DIR: z9.string().default("./data"),
  DATABASE_URL: z9.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://").optional(),
  PUBLIC_URL: z9.url().optional(),
  LOG_LEVEL: z9.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TAX_RATE: z9.coerce.number().min(0).max(1).default(0.08),
  WEB_DIST_DIR: z9.string().optional(),
  CATALOG_CACHE_TTL_MS: z9.coerce.number().int().min(0).max(6e5).default(5e3),
  JWT_SECRET: z9.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  SMTP_URL: z9.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z9.string().default("SHOPPER <no-reply@shopper.local>"),
  REDIS_URL: z9.string().regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://").optional(),
  ALLOW_SELF_ADMIN: z9.enum(["true", "false"]).optional()
});
function readConfig(env = process.env) {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:
${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new Error("Invalid configuration:\n  JWT_SECRET: required in production (at least 32 characters)");
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    dataDir: path2.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    taxRate: e.TAX_RATE,
    webDistDir: e.WEB_DIST_DIR ? path2.resolve(e.WEB_DIST_DIR) : void 0,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    allowSelfAdmin: e.ALLOW_SELF_ADMIN ? e.ALLOW_SELF_ADMIN === "true" : e.NODE_ENV !== "production",
    devMailboxEnabled: e.NODE_ENV !== "production"
  };
}

// apps/server/src/db/open-database.ts
import path5 from "node:path";

// apps/server/src/db/client.ts
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

// apps/server/src/db/migrations-folder.ts
import { existsSync as existsSync2 } from "node:fs";
import path3 from "node:path";
import { fileURLToPath } from "node:url";
function migrationsFolder() {
  let dir = path3.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path3.join(dir, "drizzle");
    if (existsSync2(path3.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path3.dirname(dir);
  }
  throw new Error("Database migrations folder (apps/server/drizzle) not found");
}

// apps/server/src/db/client.ts
var MIGRATION_LOCK_KEY = 723e4;
var drizzleOptions = { schema: schema_exports, casing: "snake_case" };
function wrapPglite(client) {
  const db = drizzlePglite({ client, ...drizzleOptions });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query("select 1");
    },
    dumpDataDir: async () => await client.dumpDataDir("none"),
    close: () => client.close()
  };
}
async function openPglite(dataDir, loadDataDir) {
  const client = await PGlite.create({ dataDir, loadDataDir });
  return wrapPglite(client);
}
function openPostgres(connectionString) {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => {
  });
  const db = drizzlePg({ client: pool, ...drizzleOptions });
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder: migrationsFolder() });
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => void 0);
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    dumpDataDir: () => Promise.reject(new Error("dumpDataDir is for the embedded database only")),
    close: () => pool.end()
  };
}

// apps/server/src/db/data-dir-lock.ts
import { closeSync, mkdirSync, openSync, readFileSync as readFileSync2, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path4 from "node:path";
var DataDirLockedError = class extends Error {
  constructor(dataDir, holder) {
    super(
      `The data directory ${dataDir} is in use by another SHOPPER process (${holder}). The embedded database allows one process at a time: stop the other server first, or set DATA_DIR to another folder.`
    );
    this.name = "DataDirLockedError";
  }
};
var heldByThisProcess = /* @__PURE__ */ new Set();
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function readOwner(file) {
  try {
    const owner = JSON.parse(readFileSync2(file, "utf8"));
    return typeof owner.pid === "number" && typeof owner.host === "string" ? { pid: owner.pid, host: owner.host } : void 0;
  } catch {
    return void 0;
  }
}
function isStale(file, owner) {
  if (!owner) return true;
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !heldByThisProcess.has(file);
  return !isAlive(owner.pid);
}
function lockDataDir(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const file = path4.join(dataDir, ".shopper.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: (/* @__PURE__ */ new Date()).toISOString() }));
      closeSync(fd);
      heldByThisProcess.add(file);
      const release = () => {
        if (!heldByThisProcess.delete(file)) return;
        try {
          unlinkSync(file);
        } catch {
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (!isStale(file, owner)) {
        throw new DataDirLockedError(dataDir, owner ? `pid ${owner.pid} on ${owner.host}` : "unknown owner");
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(dataDir, "another process took it first");
}

// apps/server/src/db/open-database.ts
async function openDatabase(config) {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const handle = await openPglite(path5.join(config.dataDir, "pgdata"));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        release();
      }
    };
  } catch (error) {
    release();
    throw error;
  }
}

// apps/server/src/db/seed/demo-products.ts
function slugify(name) {
  return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/&/g, "and").replace(/'/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
function product({ garment, hex, published, stock, ...rest }) {
  const canonical = rest.category === "kids" ? KIDS_SIZES : ADULT_SIZES;
  const stocked = Object.keys(stock);
  const stray = stocked.find((size) => !canonical.includes(size));
  if (stray) throw new Error(`${rest.name}: size ${stray} does not fit category ${rest.category}`);
  return {
    ...rest,
    slug: slugify(rest.name),
    images: IMAGE_VIEWS.map((view) => `/images/products/${imageName(garment, hex, view)}`),
    publishedAt: `${published}T10:00:00.000Z`,
    sizes: canonical.filter((size) => stocked.includes(size)).map((size) => ({ size, stock: stock[size] ?? 0 }))
  };
}
var DEMO_PRODUCTS = [
  // Men
  product({
    name: "Linen Camp-Collar Shirt",
    brand: "Saltmarsh",
    category: "men",
    garment: "shirt",
    hex: "d8c6a4",
    shortDescription: "An airy camp-collar shirt cut from washed European linen.",
    longDescription: "Woven from 100% European flax and garment-washed for a soft, lived-in hand. A relaxed, boxy fit with a straight hem that looks right untucked. Machine wash cold and line dry; the creases are part of the charm.",
    priceCents: 5900,
    salePriceCents: null,
    tags: ["linen", "summer", "casual"],
    types: ["shirts"],
    rating: 4.5,
    published: "2026-06-12",
    stock: { S: 8, M: 14, L: 11, XL: 6, XXL: 2 }
  }),
  product({
    name: "Oxford Button-Down Shirt",
    brand: "Marlow & Finch",
    category: "men",
    garment: "shirt",
    hex: "a9c4dc",
    shortDescription: "The dependable button-down in a sturdy, breathable oxford cloth.",
    longDescription: "Made from a two-ply cotton oxford that softens with every wash. Tailored through the body with a button-down collar and a single chest pocket. Machine wash warm; iron while slightly damp for a crisp finish.",
    priceCents: 6900,
    salePriceCents: 5500,
    tags: ["cotton", "formal"],
    types: ["shirts"],
    rating: 4.6,
    published: "2026-02-03",
    stock: { S: 10, M: 22, L: 18, XL: 9, XXL: 0 }
  }),
  product({
    name: "Heavyweight Pocket Tee",
    brand: "Northbound",
    category: "men",
    garment: "tshirt",
    hex: "5b6b3a",
    shortDescription: "A thick, structured tee that holds its shape wash after wash.",
    longDescription: "Knitted from 240 gsm combed cotton jersey with a tight ribbed collar. The fit is straight and slightly boxy with dropped shoulders. Machine wash cold inside out and tumble dry low.",
    priceCents: 2999,
    salePriceCents: null,
    tags: ["cotton", "casual"],
    types: ["t-shirts"],
    rating: 4.3,
    published: "2026-08-20",
    stock: { S: 12, M: 30, L: 26, XL: 15, XXL: 7 }
  }),
  product({
    name: "Organic Crew Tee",
    brand: "Greyfield",
    category: "men",
    garment: "tshirt",
    hex: "f4f1ea",
    shortDescription: "An everyday crewneck tee in certified organic cotton.",
    longDescription: "Soft mid-weight jersey spun from GOTS-certified organic cotton. Regular fit with a clean, narrow neckband. Machine wash at 30\xB0C with similar colours.",
    priceCents: 2499,
    salePriceCents: 1999,
    tags: ["cotton", "organic", "casual"],
    types: ["t-shirts"],
    rating: 4.1,
    published: "2025-12-01",
    stock: { XS: 4, S: 16, M: 25, L: 20, XL: 11, XXL: 5 }
  }),
  product({
    name: "Piqu\xE9 Polo Shirt",
    brand: "Marlow & Finch",
    category: "men",
    garment: "polo",
    hex: "1f2f4a",
    shortDescription: "A classic three-button polo in textured cotton piqu\xE9.",
    longDescription: "The breathable piqu\xE9 knit keeps its structure on warm days. Cut to a regular fit with a ribbed collar and cuffs. Machine wash cold and dry flat to keep the collar neat.",
    priceCents: 4950,
    salePriceCents: null,
    tags: ["cotton", "summer", "casual"],
    types: ["tops"],
    rating: 4.4,
    published: "2026-05-09",
    stock: { S: 9, M: 17, L: 14, XL: 0, XXL: 3 }
  }),
  product({
    name: "Ribbed Merino Crewneck",
    brand: "Juniper & Oak",
    category: "men",
    garment: "sweater",
    hex: "3a3d42",
    shortDescription: "A fine-gauge merino sweater that layers neatly under a coat.",
    longDescription: "Knitted from extra-fine 18.5 micron merino wool that regulates temperature and resists odour. Slim fit with ribbed neck, cuffs and hem. Hand wash cold or use a wool cycle, then dry flat.",
    priceCents: 11900,
    salePriceCents: 8900,
    tags: ["wool", "winter"],
    types: ["knitwear"],
    rating: 4.8,
    published: "2025-11-14",
    stock: { S: 6, M: 12, L: 10, XL: 4 }
  }),
  product({
    name: "Brushed Fleece Hoodie",
    brand: "Northbound",
    category: "men",
    garment: "hoodie",
    hex: "9a9ca0",
    shortDescription: "A cosy pullover hoodie with a brushed-back fleece lining.",
    longDescription: "Made from a cotton-rich loopback fleece, brushed inside for warmth. Relaxed fit with a lined hood, kangaroo pocket and ribbed trims. Machine wash cold and tumble dry low.",
    priceCents: 6500,
    salePriceCents: null,
    tags: ["cotton", "casual", "sport"],
    types: ["hoodies"],
    rating: 4.2,
    published: "2026-01-22",
    stock: { S: 14, M: 24, L: 21, XL: 12, XXL: 6 }
  }),
  product({
    name: "Nylon Bomber Jacket",
    brand: "Ardent Studio",
    category: "men",
    garment: "jacket",
    hex: "2f4f3a",
    shortDescription: "A lightly padded bomber with ribbed trims and a utility sleeve pocket.",
    longDescription: "The recycled nylon shell sheds wind and light rain, with a thin wadding for cool evenings. Regular fit that sits at the hip on a ribbed hem. Machine wash cold on a gentle cycle; do not iron.",
    priceCents: 14900,
    salePriceCents: 12650,
    tags: ["recycled", "winter", "casual"],
    types: ["outerwear"],
    rating: 4.5,
    published: "2025-11-28",
    stock: { S: 5, M: 9, L: 8, XL: 3, XXL: 1 }
  }),
  product({
    name: "Wool-Blend Overcoat",
    brand: "Marlow & Finch",
    category: "men",
    garment: "coat",
    hex: "b58a5a",
    shortDescription: "A double-breasted overcoat in warm camel wool.",
    longDescription: "Woven from a dense blend of 70% wool and 30% recycled polyamide, fully lined for easy layering. Tailored fit that sits just above the knee. Dry clean only.",
    priceCents: 24900,
    salePriceCents: null,
    tags: ["wool", "winter", "formal"],
    types: ["outerwear"],
    rating: 4.7,
    published: "2025-12-10",
    stock: { S: 3, M: 7, L: 6, XL: 2 }
  }),
  product({
    name: "Selvedge Straight Jeans",
    brand: "Kestrel Lane",
    category: "men",
    garment: "jeans",
    hex: "2c3e63",
    shortDescription: "Raw selvedge denim in a timeless straight leg.",
    longDescription: "Cut from 13.5 oz rigid selvedge denim that fades to your way of wearing it. Mid rise, straight through the thigh and leg, with a button fly. Wash rarely, inside out and cold, and hang to dry.",
    priceCents: 9900,
    salePriceCents: null,
    tags: ["denim", "cotton", "casual"],
    types: ["jeans"],
    rating: 4.6,
    published: "2026-03-15",
    stock: { S: 7, M: 15, L: 13, XL: 8, XXL: 2 }
  }),
  product({
    name: "Slim Tapered Jeans",
    brand: "Kestrel Lane",
    category: "men",
    garment: "jeans",
    hex: "1c1c1e",
    shortDescription: "Washed black stretch denim with a slim, tapered leg.",
    longDescription: "A comfort-stretch denim with 2% elastane that recovers its shape all day. Slim through the thigh, tapering to a narrow ankle. Machine wash cold inside out to keep the black deep.",
    priceCents: 8900,
    salePriceCents: 6200,
    tags: ["denim", "casual"],
    types: ["jeans"],
    rating: 3.9,
    published: "2026-07-01",
    stock: { S: 0, M: 11, L: 9, XL: 4, XXL: 0 }
  }),
  product({
    name: "Stretch Chino Trousers",
    brand: "Greyfield",
    category: "men",
    garment: "trousers",
    hex: "c8c0b0",
    shortDescription: "Smart-casual chinos in a soft, stretchy cotton twill.",
    longDescription: "A brushed cotton twill with a touch of stretch for ease of movement. Regular fit with slanted front pockets and welt back pockets. Machine wash cold and hang to dry.",
    priceCents: 6900,
    salePriceCents: null,
    tags: ["cotton", "casual"],
    types: ["trousers"],
    rating: 4,
    published: "2026-04-04",
    stock: { S: 8, M: 19, L: 17, XL: 10, XXL: 4 }
  }),
  product({
    name: "Pleated Wool Trousers",
    brand: "Ardent Studio",
    category: "men",
    garment: "trousers",
    hex: "5a3e2b",
    shortDescription: "Single-pleat trousers in a fluid tropical wool.",
    longDescription: "Tailored from lightweight tropical wool that breathes in every season. A higher rise with a single front pleat and a gently tapered leg. Dry clean or steam to refresh.",
    priceCents: 12900,
    salePriceCents: null,
    tags: ["wool", "formal"],
    types: ["trousers"],
    rating: 4.4,
    published: "2026-10-02",
    stock: { S: 4, M: 8, L: 7, XL: 3 }
  }),
  product({
    name: "Twill Chino Shorts",
    brand: "Saltmarsh",
    category: "men",
    garment: "shorts",
    hex: "1f2f4a",
    shortDescription: "Above-the-knee chino shorts for long summer days.",
    longDescription: "Made from a garment-dyed cotton twill with a lived-in softness. Regular fit with a 7-inch inseam and rolled cuffs. Machine wash cold with similar colours.",
    priceCents: 4500,
    salePriceCents: 3150,
    tags: ["cotton", "summer", "casual"],
    types: ["shorts"],
    rating: 4.1,
    published: "2026-05-27",
    stock: { S: 10, M: 18, L: 16, XL: 7, XXL: 0 }
  }),
  product({
    name: "Linen Drawstring Shorts",
    brand: "Saltmarsh",
    category: "men",
    garment: "shorts",
    hex: "9aab8f",
    shortDescription: "Easy pull-on shorts in breezy washed linen.",
    longDescription: "Pure linen, stonewashed for softness from the first wear. Relaxed fit with an elasticated, drawstring waist. Machine wash cold and line dry.",
    priceCents: 3950,
    salePriceCents: null,
    tags: ["linen", "summer"],
    types: ["shorts"],
    rating: 2.9,
    published: "2026-07-18",
    stock: { S: 6, M: 0, L: 9, XL: 5 }
  }),
  product({
    name: "Lambswool V-Neck Cardigan",
    brand: "Juniper & Oak",
    category: "men",
    garment: "cardigan",
    hex: "7a2e3b",
    shortDescription: "A soft lambswool cardigan with horn-effect buttons.",
    longDescription: "Knitted in Scotland from lambswool that is light yet surprisingly warm. Regular fit with a V-neck, patch pockets and ribbed trims. Hand wash cold and dry flat.",
    priceCents: 9500,
    salePriceCents: null,
    tags: ["wool", "winter"],
    types: ["knitwear"],
    rating: 4.3,
    published: "2026-09-14",
    stock: { S: 5, M: 10, L: 9, XL: 4, XXL: 2 }
  }),
  product({
    name: "Cotton Harrington Jacket",
    brand: "Northbound",
    category: "men",
    garment: "jacket",
    hex: "cc8a2e",
    shortDescription: "A light cotton jacket for the in-between seasons.",
    longDescription: "A water-repellent cotton gabardine shell with a soft cotton lining. Regular fit with ribbed cuffs and hem and a full-length zip. Machine wash cold on a gentle cycle.",
    priceCents: 8900,
    salePriceCents: null,
    tags: ["cotton", "casual"],
    types: ["outerwear"],
    rating: 3.6,
    published: "2026-03-30",
    stock: { M: 6, L: 5, XL: 2 }
  }),
  product({
    name: "Performance Training Tee",
    brand: "Ardent Studio",
    category: "men",
    garment: "tshirt",
    hex: "2a6f73",
    shortDescription: "A quick-drying tee built for hard training sessions.",
    longDescription: "Recycled polyester jersey that wicks sweat and dries fast. Athletic fit with flatlock seams to prevent chafing. Machine wash cold; skip the fabric softener.",
    priceCents: 3500,
    salePriceCents: null,
    tags: ["sport", "recycled", "summer"],
    types: ["t-shirts"],
    rating: 4,
    published: "2026-08-05",
    stock: { S: 0, M: 0, L: 0, XL: 0 }
  }),
  // Women
  product({
    name: "Linen Fit-and-Flare Dress",
    brand: "Saltmarsh",
    category: "women",
    garment: "dress",
    hex: "c56a4a",
    shortDescription: "A sleeveless linen dress with a fitted bodice and swishy skirt.",
    longDescription: "Made from washed European linen with a cotton lining in the bodice. Fitted to the waist, then flaring to a midi-length skirt, with a concealed back zip. Machine wash cold and line dry.",
    priceCents: 8900,
    salePriceCents: null,
    tags: ["linen", "summer"],
    types: ["dresses"],
    rating: 4.8,
    published: "2026-06-02",
    stock: { XS: 6, S: 12, M: 14, L: 8, XL: 3 }
  }),
  product({
    name: "Cotton Poplin Sundress",
    brand: "Marlow & Finch",
    category: "women",
    garment: "dress",
    hex: "f1dc8b",
    shortDescription: "A crisp poplin sundress in sunny butter yellow.",
    longDescription: "Cut from lightweight cotton poplin that keeps you cool in the heat. A defined waistband and a full, knee-length skirt. Machine wash at 30\xB0C and iron on medium.",
    priceCents: 6900,
    salePriceCents: 4850,
    tags: ["cotton", "summer", "casual"],
    types: ["dresses"],
    rating: 4.6,
    published: "2026-07-10",
    stock: { XS: 5, S: 11, M: 13, L: 7, XL: 0 }
  }),
  product({
    name: "Satin Evening Dress",
    brand: "Ardent Studio",
    category: "women",
    garment: "dress",
    hex: "7a2e3b",
    shortDescription: "A fluid satin dress in deep burgundy for special evenings.",
    longDescription: "Made from a heavy, matte-backed satin that drapes beautifully. Fitted bodice with a scoop neck and a bias-cut flared skirt. Dry clean only.",
    priceCents: 15900,
    salePriceCents: null,
    tags: ["formal"],
    types: ["dresses"],
    rating: 4.9,
    published: "2025-12-18",
    stock: { XS: 3, S: 6, M: 7, L: 4, XL: 1 }
  }),
  product({
    name: "Knit Midi Dress",
    brand: "Juniper & Oak",
    category: "women",
    garment: "dress",
    hex: "3a3d42",
    shortDescription: "A warm knitted dress that works from desk to dinner.",
    longDescription: "A soft wool and viscose blend knitted to a smooth, fine gauge. Close-fitting bodice with a gently flared midi skirt. Hand wash cold and dry flat.",
    priceCents: 11900,
    salePriceCents: 8300,
    tags: ["wool", "winter"],
    types: ["dresses", "knitwear"],
    rating: 4.4,
    published: "2025-11-20",
    stock: { XS: 2, S: 7, M: 9, L: 6, XL: 2 }
  }),
  product({
    name: "A-Line Denim Skirt",
    brand: "Kestrel Lane",
    category: "women",
    garment: "skirt",
    hex: "3f5f86",
    shortDescription: "A button-through denim skirt with an easy A-line shape.",
    longDescription: "Cut from mid-weight, non-stretch cotton denim. High-waisted with a button front and a knee-grazing hem. Machine wash cold inside out.",
    priceCents: 5900,
    salePriceCents: null,
    tags: ["denim", "cotton", "casual"],
    types: ["skirts"],
    rating: 4.3,
    published: "2026-04-18",
    stock: { XS: 7, S: 13, M: 15, L: 9, XL: 4 }
  }),
  product({
    name: "Pleated Midi Skirt",
    brand: "Ardent Studio",
    category: "women",
    garment: "skirt",
    hex: "d9a5a0",
    shortDescription: "A softly pleated midi skirt in dusty pink.",
    longDescription: "Made from a lightweight recycled crepe that moves with you. Sits at the natural waist with a concealed side zip. Machine wash cold on a delicate cycle and hang to dry.",
    priceCents: 7500,
    salePriceCents: 5600,
    tags: ["recycled", "formal"],
    types: ["skirts"],
    rating: 4.7,
    published: "2026-02-14",
    stock: { XS: 4, S: 10, M: 12, L: 6, XL: 0 }
  }),
  product({
    name: "Corduroy Button Skirt",
    brand: "Greyfield",
    category: "women",
    garment: "skirt",
    hex: "b58a5a",
    shortDescription: "A camel corduroy skirt for cooler days.",
    longDescription: "Fine-wale cotton corduroy with a brushed, velvety feel. A-line shape with a button front that finishes just above the knee. Machine wash cold inside out.",
    priceCents: 6500,
    salePriceCents: null,
    tags: ["cotton", "winter", "casual"],
    types: ["skirts"],
    rating: 4,
    published: "2025-12-28",
    stock: { XS: 3, S: 8, M: 10, L: 5 }
  }),
  product({
    name: "Relaxed Linen Shirt",
    brand: "Saltmarsh",
    category: "women",
    garment: "shirt",
    hex: "f4f1ea",
    shortDescription: "An oversized linen shirt that goes with everything.",
    longDescription: "Pure linen, garment-washed for softness and a relaxed drape. Oversized fit with a curved hem, to wear open over a tee or tucked in. Machine wash cold and line dry.",
    priceCents: 6900,
    salePriceCents: null,
    tags: ["linen", "summer"],
    types: ["shirts", "tops"],
    rating: 4.5,
    published: "2026-05-21",
    stock: { XS: 6, S: 14, M: 16, L: 9, XL: 3 }
  }),
  product({
    name: "Fluid Satin Blouse",
    brand: "Marlow & Finch",
    category: "women",
    garment: "shirt",
    hex: "b9a7d1",
    shortDescription: "A soft-sheen blouse in pale lavender.",
    longDescription: "Made from a washable viscose satin with a gentle lustre. Regular fit with a point collar and covered placket. Hand wash cold and iron on low from the reverse.",
    priceCents: 7900,
    salePriceCents: 5900,
    tags: ["formal"],
    types: ["shirts", "tops"],
    rating: 4.2,
    published: "2026-09-03",
    stock: { XS: 4, S: 9, M: 11, L: 7, XL: 2 }
  }),
  product({
    name: "Ribbed Tank Top",
    brand: "Northbound",
    category: "women",
    garment: "tank",
    hex: "1c1c1e",
    shortDescription: "A close-fitting ribbed tank for layering or wearing solo.",
    longDescription: "Knitted from a stretchy cotton-modal rib that stays soft against the skin. Slim fit with a scoop neck and wide straps. Machine wash cold and dry flat.",
    priceCents: 2450,
    salePriceCents: null,
    tags: ["cotton", "summer"],
    types: ["tops"],
    rating: 4.1,
    published: "2026-06-25",
    stock: { XS: 12, S: 20, M: 22, L: 14, XL: 6 }
  }),
  product({
    name: "Organic Boxy Tee",
    brand: "Greyfield",
    category: "women",
    garment: "tshirt",
    hex: "9aab8f",
    shortDescription: "A slightly cropped, boxy tee in soft sage.",
    longDescription: "Made from GOTS-certified organic cotton jersey. A boxy fit with dropped shoulders that sits just above the hip. Machine wash at 30\xB0C.",
    priceCents: 2999,
    salePriceCents: null,
    tags: ["cotton", "organic", "casual"],
    types: ["t-shirts", "tops"],
    rating: 4.3,
    published: "2026-08-12",
    stock: { XS: 9, S: 18, M: 21, L: 12, XL: 0 }
  }),
  product({
    name: "Cropped Merino Cardigan",
    brand: "Juniper & Oak",
    category: "women",
    garment: "cardigan",
    hex: "efe6d2",
    shortDescription: "A cropped cardigan in creamy, fine-gauge merino.",
    longDescription: "Knitted from extra-fine merino wool that is soft enough to wear next to the skin. A cropped, slightly boxy fit with a V-neck and pearlised buttons. Hand wash cold and dry flat.",
    priceCents: 9900,
    salePriceCents: null,
    tags: ["wool"],
    types: ["knitwear"],
    rating: 4.6,
    published: "2026-10-20",
    stock: { XS: 5, S: 9, M: 10, L: 6, XL: 2 }
  }),
  product({
    name: "Chunky Alpaca Sweater",
    brand: "Juniper & Oak",
    category: "women",
    garment: "sweater",
    hex: "c9a227",
    shortDescription: "A cosy, oversized sweater in mustard alpaca blend.",
    longDescription: "A lofty blend of alpaca and merino that is warm without the weight. Oversized fit with a crew neck and deep ribbed trims. Hand wash cold and dry flat, reshaping while damp.",
    priceCents: 12900,
    salePriceCents: 7750,
    tags: ["wool", "winter"],
    types: ["knitwear"],
    rating: 4.5,
    published: "2025-11-08",
    stock: { XS: 3, S: 6, M: 8, L: 5, XL: 0 }
  }),
  product({
    name: "High-Rise Straight Jeans",
    brand: "Kestrel Lane",
    category: "women",
    garment: "jeans",
    hex: "6f8fb8",
    shortDescription: "Light-wash, high-rise jeans with a straight, full-length leg.",
    longDescription: "Made from rigid organic cotton denim that moulds to you over time. High rise, straight through the hip and leg. Machine wash cold inside out and hang to dry.",
    priceCents: 9500,
    salePriceCents: null,
    tags: ["denim", "organic", "casual"],
    types: ["jeans"],
    rating: 4.4,
    published: "2026-03-05",
    stock: { XS: 8, S: 14, M: 16, L: 10, XL: 5, XXL: 2 }
  }),
  product({
    name: "Double-Breasted Wool Coat",
    brand: "Marlow & Finch",
    category: "women",
    garment: "coat",
    hex: "d8c6a4",
    shortDescription: "A tailored oatmeal coat with notched lapels.",
    longDescription: "Woven from a dense wool and cashmere blend and fully lined. Tailored fit with a double-breasted front and flap pockets, finishing above the knee. Dry clean only.",
    priceCents: 22900,
    salePriceCents: 16e3,
    tags: ["wool", "winter", "formal"],
    types: ["outerwear"],
    rating: 4.8,
    published: "2025-12-05",
    stock: { XS: 2, S: 5, M: 6, L: 3, XL: 1 }
  }),
  product({
    name: "Satin Bomber Jacket",
    brand: "Ardent Studio",
    category: "women",
    garment: "jacket",
    hex: "c8a2c8",
    shortDescription: "A lilac satin bomber with a subtle sheen.",
    longDescription: "A recycled satin shell with a light padding and ribbed trims. Relaxed fit with a full-length zip and welt pockets. Machine wash cold on a delicate cycle.",
    priceCents: 11900,
    salePriceCents: null,
    tags: ["recycled", "casual"],
    types: ["outerwear"],
    rating: 3.4,
    published: "2026-04-29",
    stock: { XS: 0, S: 0, M: 0, L: 0, XL: 0 }
  }),
  product({
    name: "Soft Fleece Hoodie",
    brand: "Northbound",
    category: "women",
    garment: "hoodie",
    hex: "e07a5f",
    shortDescription: "A cropped coral hoodie in brushed organic fleece.",
    longDescription: "Made from organic cotton fleece, brushed inside for softness. Relaxed, slightly cropped fit with a lined hood and kangaroo pocket. Machine wash cold and tumble dry low.",
    priceCents: 5900,
    salePriceCents: null,
    tags: ["cotton", "organic", "sport"],
    types: ["hoodies"],
    rating: 4,
    published: "2026-01-15",
    stock: { XS: 7, S: 15, M: 17, L: 10, XL: 4 }
  }),
  product({
    name: "High-Waist Linen Trousers",
    brand: "Saltmarsh",
    category: "women",
    garment: "trousers",
    hex: "5b6b3a",
    shortDescription: "Breezy high-waisted trousers in olive linen.",
    longDescription: "Cut from mid-weight washed linen with a soft drape. High waist, pressed creases and a wide, straight leg. Machine wash cold and line dry.",
    priceCents: 7900,
    salePriceCents: null,
    tags: ["linen", "summer"],
    types: ["trousers"],
    rating: 4.2,
    published: "2026-07-27",
    stock: { XS: 5, S: 11, M: 12, L: 8, XL: 3 }
  }),
  // Kids
  product({
    name: "Kids' Organic Cotton Tee",
    brand: "Pebble & Sprout",
    category: "kids",
    garment: "tshirt",
    hex: "f1dc8b",
    shortDescription: "A soft everyday tee in cheerful butter yellow.",
    longDescription: "Made from GOTS-certified organic cotton jersey that is gentle on sensitive skin. Regular fit with a roomy neck that pulls on easily. Machine wash at 40\xB0C.",
    priceCents: 1499,
    salePriceCents: null,
    tags: ["cotton", "organic"],
    types: ["t-shirts"],
    rating: 4.5,
    published: "2026-06-08",
    stock: { "2-3Y": 12, "4-5Y": 18, "6-7Y": 16, "8-9Y": 11, "10-11Y": 6 }
  }),
  product({
    name: "Kids' Pocket Tee",
    brand: "Little Harbour",
    category: "kids",
    garment: "tshirt",
    hex: "8fb3d9",
    shortDescription: "A sky-blue tee made for playground adventures.",
    longDescription: "A hard-wearing cotton jersey with reinforced shoulder seams. Regular fit that leaves room to grow. Machine wash at 40\xB0C and tumble dry low.",
    priceCents: 1599,
    salePriceCents: 1199,
    tags: ["cotton", "summer"],
    types: ["t-shirts"],
    rating: 4.2,
    published: "2026-07-22",
    stock: { "4-5Y": 10, "6-7Y": 14, "8-9Y": 12, "10-11Y": 8, "12-13Y": 0 }
  }),
  product({
    name: "Organic Cotton Romper",
    brand: "Pebble & Sprout",
    category: "kids",
    garment: "romper",
    hex: "a8d5c2",
    shortDescription: "A mint romper with snap fastenings for quick changes.",
    longDescription: "Soft organic cotton jersey with nickel-free snaps at the front and crotch. Relaxed fit with envelope shoulders that slip on easily. Machine wash at 40\xB0C.",
    priceCents: 2200,
    salePriceCents: null,
    tags: ["cotton", "organic"],
    types: ["rompers"],
    rating: 4.8,
    published: "2026-03-20",
    stock: { "2-3Y": 14, "4-5Y": 9 }
  }),
  product({
    name: "Shortie Summer Romper",
    brand: "Little Harbour",
    category: "kids",
    garment: "romper",
    hex: "e07a5f",
    shortDescription: "A coral short-leg romper for warm days.",
    longDescription: "A breathable cotton slub jersey with a little appliqu\xE9 heart. Relaxed fit with snap fastenings and ribbed leg openings. Machine wash at 30\xB0C.",
    priceCents: 2450,
    salePriceCents: 1700,
    tags: ["cotton", "summer"],
    types: ["rompers"],
    rating: 4.6,
    published: "2026-05-14",
    stock: { "2-3Y": 8, "4-5Y": 0, "6-7Y": 5 }
  }),
  product({
    name: "Kids' Fleece Hoodie",
    brand: "Northbound",
    category: "kids",
    garment: "hoodie",
    hex: "1f2f4a",
    shortDescription: "A warm navy hoodie that survives the school week.",
    longDescription: "A cotton-rich fleece, brushed inside and pill-resistant outside. Regular fit with a lined hood, kangaroo pocket and ribbed cuffs. Machine wash at 30\xB0C and tumble dry low.",
    priceCents: 3500,
    salePriceCents: null,
    tags: ["cotton", "casual", "sport"],
    types: ["hoodies"],
    rating: 4.4,
    published: "2025-12-22",
    stock: { "4-5Y": 9, "6-7Y": 15, "8-9Y": 14, "10-11Y": 10, "12-13Y": 6 }
  }),
  product({
    name: "Kids' Cosy Crewneck Sweater",
    brand: "Pebble & Sprout",
    category: "kids",
    garment: "sweater",
    hex: "2f4f3a",
    shortDescription: "A soft, non-itchy sweater in forest green.",
    longDescription: "Knitted from a merino and cotton blend chosen for sensitive skin. Regular fit with ribbed neck, cuffs and hem. Machine wash on a wool cycle and dry flat.",
    priceCents: 3900,
    salePriceCents: 2750,
    tags: ["wool", "winter"],
    types: ["knitwear"],
    rating: 4.3,
    published: "2025-11-11",
    stock: { "2-3Y": 5, "4-5Y": 8, "6-7Y": 9, "8-9Y": 7, "10-11Y": 3 }
  }),
  product({
    name: "Kids' Button Cardigan",
    brand: "Little Harbour",
    category: "kids",
    garment: "cardigan",
    hex: "c8a2c8",
    shortDescription: "A sweet lilac cardigan with patch pockets.",
    longDescription: "Knitted from soft cotton that is easy to care for. Regular fit with a V-neck, big easy buttons and two patch pockets. Machine wash at 30\xB0C and dry flat.",
    priceCents: 3450,
    salePriceCents: null,
    tags: ["cotton"],
    types: ["knitwear"],
    rating: 4.7,
    published: "2026-09-25",
    stock: { "2-3Y": 6, "4-5Y": 10, "6-7Y": 9, "8-9Y": 5 }
  }),
  product({
    name: "Kids' Padded Bomber Jacket",
    brand: "Northbound",
    category: "kids",
    garment: "jacket",
    hex: "b5543c",
    shortDescription: "A rust-coloured padded bomber for chilly school runs.",
    longDescription: "A water-repellent recycled shell with warm, lightweight padding. Regular fit with ribbed trims and a chin guard on the zip. Machine wash at 30\xB0C on a gentle cycle.",
    priceCents: 5900,
    salePriceCents: 4400,
    tags: ["recycled", "winter"],
    types: ["outerwear"],
    rating: 4.5,
    published: "2025-11-30",
    stock: { "4-5Y": 6, "6-7Y": 8, "8-9Y": 7, "10-11Y": 4, "12-13Y": 2 }
  }),
  product({
    name: "Kids' Wool Peacoat",
    brand: "Little Harbour",
    category: "kids",
    garment: "coat",
    hex: "9c3b2e",
    shortDescription: "A smart brick-red peacoat for special occasions.",
    longDescription: "A warm wool blend with a smooth, quilted lining. Regular fit with a double-breasted front and flap pockets. Dry clean or hand wash cold.",
    priceCents: 7900,
    salePriceCents: null,
    tags: ["wool", "winter", "formal"],
    types: ["outerwear"],
    rating: 4.6,
    published: "2025-12-14",
    stock: { "4-5Y": 4, "6-7Y": 6, "8-9Y": 5, "10-11Y": 0 }
  }),
  product({
    name: "Kids' Straight Jeans",
    brand: "Kestrel Lane",
    category: "kids",
    garment: "jeans",
    hex: "3f5f86",
    shortDescription: "Tough mid-blue jeans with an adjustable waist.",
    longDescription: "A stretch cotton denim with reinforced knees for active days. Straight fit with an adjustable inner waistband. Machine wash at 40\xB0C inside out.",
    priceCents: 3200,
    salePriceCents: null,
    tags: ["denim", "cotton"],
    types: ["jeans"],
    rating: 4.1,
    published: "2026-02-20",
    stock: { "2-3Y": 4, "4-5Y": 10, "6-7Y": 13, "8-9Y": 12, "10-11Y": 9, "12-13Y": 5 }
  }),
  product({
    name: "Kids' Pull-On Chinos",
    brand: "Pebble & Sprout",
    category: "kids",
    garment: "trousers",
    hex: "d8c6a4",
    shortDescription: "Easy pull-on chinos in a sandy cotton twill.",
    longDescription: "A soft cotton twill with an elasticated back waist for comfort. Regular fit with front and back pockets. Machine wash at 40\xB0C.",
    priceCents: 2800,
    salePriceCents: null,
    tags: ["cotton", "casual"],
    types: ["trousers"],
    rating: 3.2,
    published: "2026-04-10",
    stock: { "2-3Y": 6, "4-5Y": 9, "6-7Y": 8, "8-9Y": 0, "10-11Y": 4 }
  }),
  product({
    name: "Kids' Jersey Shorts",
    brand: "Little Harbour",
    category: "kids",
    garment: "shorts",
    hex: "9a9ca0",
    shortDescription: "Comfy grey marl shorts for sports day and beyond.",
    longDescription: "A soft cotton jersey with an elasticated drawstring waist. Relaxed fit that stops just above the knee. Machine wash at 40\xB0C and tumble dry low.",
    priceCents: 1800,
    salePriceCents: null,
    tags: ["cotton", "summer", "sport"],
    types: ["shorts"],
    rating: 4,
    published: "2026-06-30",
    stock: { "2-3Y": 8, "4-5Y": 12, "6-7Y": 14, "8-9Y": 10, "10-11Y": 7, "12-13Y": 3 }
  }),
  product({
    name: "Kids' Denim Shorts",
    brand: "Kestrel Lane",
    category: "kids",
    garment: "shorts",
    hex: "6f8fb8",
    shortDescription: "Light-wash denim shorts with turn-up hems.",
    longDescription: "Made from a soft, washed cotton denim. Regular fit with an adjustable waist and rolled hems. Machine wash at 30\xB0C inside out.",
    priceCents: 2400,
    salePriceCents: 1650,
    tags: ["denim", "summer"],
    types: ["shorts"],
    rating: 4.2,
    published: "2026-08-01",
    stock: { "4-5Y": 7, "6-7Y": 11, "8-9Y": 9, "10-11Y": 5, "12-13Y": 0 }
  }),
  product({
    name: "Twirl Jersey Dress",
    brand: "Pebble & Sprout",
    category: "kids",
    garment: "dress",
    hex: "d9a5a0",
    shortDescription: "A dusty-pink dress with a skirt made for twirling.",
    longDescription: "Soft organic cotton jersey with a full, circle-cut skirt. Fitted bodice that pulls on without fastenings. Machine wash at 30\xB0C.",
    priceCents: 3900,
    salePriceCents: null,
    tags: ["cotton", "organic"],
    types: ["dresses"],
    rating: 4.9,
    published: "2026-05-03",
    stock: { "2-3Y": 7, "4-5Y": 11, "6-7Y": 10, "8-9Y": 6, "10-11Y": 2 }
  }),
  product({
    name: "Party Dress with Sash",
    brand: "Little Harbour",
    category: "kids",
    garment: "dress",
    hex: "2a6f73",
    shortDescription: "A teal party dress with a contrast waist sash.",
    longDescription: "A crisp cotton sateen with a soft lining and a concealed back zip. Fitted bodice with a full, knee-length skirt. Hand wash cold or machine wash on a delicate cycle.",
    priceCents: 4900,
    salePriceCents: 2700,
    tags: ["cotton", "formal"],
    types: ["dresses"],
    rating: 4.4,
    published: "2025-12-24",
    stock: { "4-5Y": 3, "6-7Y": 5, "8-9Y": 4, "10-11Y": 2 }
  }),
  product({
    name: "Kids' Corduroy Skirt",
    brand: "Pebble & Sprout",
    category: "kids",
    garment: "skirt",
    hex: "c9a227",
    shortDescription: "A mustard corduroy skirt with a button front.",
    longDescription: "Fine-wale cotton corduroy with an adjustable waist. A-line shape that sits just above the knee. Machine wash at 30\xB0C inside out.",
    priceCents: 2600,
    salePriceCents: null,
    tags: ["cotton", "winter"],
    types: ["skirts"],
    rating: 4,
    published: "2026-01-08",
    stock: { "2-3Y": 0, "4-5Y": 0, "6-7Y": 0, "8-9Y": 0 }
  }),
  product({
    name: "Kids' Oxford Shirt",
    brand: "Marlow & Finch",
    category: "kids",
    garment: "shirt",
    hex: "a9c4dc",
    shortDescription: "A smart pale-blue shirt for school and celebrations.",
    longDescription: "A soft cotton oxford that needs little ironing. Regular fit with a button-down collar and a chest pocket. Machine wash at 40\xB0C.",
    priceCents: 2900,
    salePriceCents: null,
    tags: ["cotton", "formal"],
    types: ["shirts"],
    rating: 4.3,
    published: "2026-10-10",
    stock: { "4-5Y": 5, "6-7Y": 9, "8-9Y": 10, "10-11Y": 8, "12-13Y": 6 }
  }),
  product({
    name: "Kids' Piqu\xE9 Polo",
    brand: "Little Harbour",
    category: "kids",
    garment: "polo",
    hex: "2f5d9e",
    shortDescription: "A cobalt polo shirt in breathable cotton piqu\xE9.",
    longDescription: "A durable cotton piqu\xE9 that keeps its colour wash after wash. Regular fit with a two-button placket and ribbed sleeves. Machine wash at 40\xB0C.",
    priceCents: 1999,
    salePriceCents: null,
    tags: ["cotton", "summer"],
    types: ["tops"],
    rating: 3.5,
    published: "2026-08-28",
    stock: { "4-5Y": 8, "6-7Y": 12, "8-9Y": 0, "10-11Y": 7, "12-13Y": 4 }
  })
];

// apps/server/src/db/seed/seed-catalog.ts
import { sql as sql5 } from "drizzle-orm";
var SEED_LOCK_KEY = 7230001;
async function insertProducts(db, items) {
  const ids = [];
  for (const item of items) {
    const [row] = await db.insert(products).values({
      slug: item.slug,
      name: item.name,
      brand: item.brand,
      category: item.category,
      shortDescription: item.shortDescription,
      longDescription: item.longDescription,
      images: item.images,
      priceCents: item.priceCents,
      salePriceCents: item.salePriceCents,
      tags: item.tags,
      types: item.types,
      rating: item.rating,
      publishedAt: new Date(item.publishedAt)
    }).returning({ id: products.id });
    if (!row) throw new Error(`Seeding ${item.slug} returned no row`);
    ids.push(row.id);
    if (item.sizes.length > 0) {
      await db.insert(productSizes).values(item.sizes.map((s, position) => ({ productId: row.id, size: s.size, stock: s.stock, position })));
    }
  }
  return ids;
}
async function seedCatalogIfEmpty(db, items) {
  return db.transaction(async (tx) => {
    await tx.execute(sql5`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: sql5`count(*)`.mapWith(Number) }).from(products);
    if ((existing?.n ?? 0) > 0) return 0;
    await insertProducts(tx, items);
    return items.length;
  });
}

// apps/server/src/lib/secrets.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { existsSync as existsSync3, mkdirSync as mkdirSync2, readFileSync as readFileSync3, writeFileSync } from "node:fs";
import path6 from "node:path";
function loadOrCreateJwtSecret(dataDir) {
  const file = path6.join(dataDir, "secrets.json");
  if (existsSync3(file)) {
    const saved = JSON.parse(readFileSync3(file, "utf8"));
    if (typeof saved.jwtSecret === "string" && saved.jwtSecret.length >= 32) return saved.jwtSecret;
  }
  mkdirSync2(dataDir, { recursive: true });
  const jwtSecret = randomBytes2(48).toString("base64url");
  writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 384 });
  return jwtSecret;
}

// apps/server/src/modules/mail/mail-sender.ts
import { and as and4, asc as asc2, eq as eq6, inArray as inArray2, lte } from "drizzle-orm";
import nodemailer from "nodemailer";
var MAIL_BATCH_SIZE = 20;
var MAX_MAIL_ATTEMPTS = 8;
var FIRST_RETRY_MS = 3e4;
var MAX_RETRY_MS = 60 * 6e4;
var DEFAULT_INTERVAL_MS = 5e3;
var CLAIM_LEASE_MS = 15 * 6e4;
function retryDelayMs(attempts) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}
function smtpTransport(smtpUrl) {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 1e4,
    greetingTimeout: 1e4,
    socketTimeout: 2e4
  });
}
function describeError(error) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1e3);
}
function createMailSender({
  db,
  config,
  log,
  clock = () => /* @__PURE__ */ new Date(),
  transport
}) {
  const ownsTransport = !transport && config.smtpUrl !== void 0;
  const mailer = transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : void 0);
  function dueIds(now) {
    return db.select({ id: mailOutbox.id }).from(mailOutbox).where(and4(eq6(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now))).orderBy(asc2(mailOutbox.nextAttemptAt), asc2(mailOutbox.createdAt)).limit(MAIL_BATCH_SIZE).for("update", { skipLocked: true });
  }
  async function keepDue(now) {
    const kept = await db.update(mailOutbox).set({ status: "kept" }).where(inArray2(mailOutbox.id, dueIds(now))).returning({ id: mailOutbox.id });
    return { sent: 0, failed: 0, kept: kept.length, claimed: kept.length };
  }
  async function sendDue(smtp, now) {
    const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
    const claimed = await db.update(mailOutbox).set({ nextAttemptAt: leaseUntil }).where(inArray2(mailOutbox.id, dueIds(now))).returning();
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const counts = { sent: 0, failed: 0, kept: 0, claimed: claimed.length };
    for (const mail of claimed) {
      const stillOurs = and4(
        eq6(mailOutbox.id, mail.id),
        eq6(mailOutbox.status, "pending"),
        eq6(mailOutbox.nextAttemptAt, leaseUntil)
      );
      try {
        await smtp.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html
        });
        await db.update(mailOutbox).set({ status: "sent", sentAt: clock(), lastError: null }).where(stillOurs);
        counts.sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const lastError = describeError(error);
        const isFinal = attempts >= MAX_MAIL_ATTEMPTS;
        const nextAttemptAt = new Date(clock().getTime() + retryDelayMs(attempts));
        await db.update(mailOutbox).set(isFinal ? { status: "failed", attempts, lastError } : { attempts, lastError, nextAttemptAt }).where(stillOurs);
        if (isFinal) counts.failed += 1;
        log.warn(
          { mailId: mail.id, attempts, err: lastError, ...isFinal ? {} : { nextAttemptAt } },
          isFinal ? "mail delivery failed for good" : "mail delivery failed; will retry"
        );
      }
    }
    return counts;
  }
  async function runBatch() {
    const now = clock();
    return mailer ? await sendDue(mailer, now) : await keepDue(now);
  }
  async function deliverDue() {
    const { sent, failed, kept } = await runBatch();
    return { sent, failed, kept };
  }
  let timer;
  let running;
  let runAgain = false;
  let isStopped = false;
  async function drain() {
    do {
      runAgain = false;
      try {
        while (!isStopped && (await runBatch()).claimed === MAIL_BATCH_SIZE) ;
      } catch (error) {
        log.error({ err: error }, "mail sender run failed");
      }
    } while (runAgain && !isStopped);
  }
  function tick() {
    if (isStopped) return;
    if (running) {
      runAgain = true;
      return;
    }
    running = drain().finally(() => {
      running = void 0;
    });
  }
  return {
    deliverDue,
    start(intervalMs = DEFAULT_INTERVAL_MS) {
      if (timer) return;
      isStopped = false;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    nudge() {
      if (timer) setImmediate(tick);
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      timer = void 0;
      await running;
      if (ownsTransport) mailer?.close?.();
    }
  };
}

// apps/server/src/main.ts
async function main() {
  const env = readConfig();
  const config = { ...env, jwtSecret: env.jwtSecret ?? loadOrCreateJwtSecret(env.dataDir) };
  const database = await openDatabase(config);
  await database.migrate();
  const seeded = await seedCatalogIfEmpty(database.db, DEMO_PRODUCTS);
  const app = await buildApp({ config, database });
  if (seeded > 0) app.log.info({ products: seeded }, "seeded the demo catalog");
  const mailSender = createMailSender({ db: database.db, config, log: app.log.child({ module: "mail" }) });
  closeWithGrace({ delay: 1e4 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after a fatal error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    await mailSender.stop();
    await database.close();
  });
  await app.listen({ port: config.port, host: config.host });
  mailSender.start();
  app.log.info(
    { database: database.kind, dataDir: database.kind === "pglite" ? path7.join(config.dataDir, "pgdata") : void 0 },
    `SHOPPER is ready on ${config.publicUrl}`
  );
}
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
