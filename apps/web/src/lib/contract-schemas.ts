/**
 * The contract's zod schemas, loaded on demand by the api client. zod is a quarter of the
 * first-load JS, so it arrives in its own chunk, fetched alongside the first API request instead
 * of blocking the first render (home page budget: 130 KB gzipped, see docs/decisions).
 */
export {
  AuthAnswerSchema,
  BackOfficeLinkAnswerSchema,
  CartAnswerSchema,
  CategoriesAnswerSchema,
  CollectionAnswerSchema,
  CartSummaryAnswerSchema,
  CreatePaymentIntentAnswerSchema,
  CustomerDataExportSchema,
  ErrorBodySchema,
  HomeSectionsAnswerSchema,
  MailboxAnswerSchema,
  MessageAnswerSchema,
  NewsletterAnswerSchema,
  OrderAnswerSchema,
  OrdersPageAnswerSchema,
  PaymentConfigAnswerSchema,
  ProductAnswerSchema,
  ProductCollectionSchema,
  ProductFacetsSchema,
  ProductListSchema,
  ProductSchema,
  ReviewAnswerSchema,
  ReviewListAnswerSchema,
  SavedAddressesAnswerSchema,
  ShopLegalAnswerSchema,
  StorePageAnswerSchema,
  TestIntentAnswerSchema,
  ToggleAdminAnswerSchema,
  TokenAnswerSchema,
  UserAnswerSchema,
  VerifyEmailAnswerSchema,
} from '@shopper/contract';
