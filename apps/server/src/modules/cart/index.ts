export { cartOwners, type CartOwners, type GuestAccountsPort } from './cart-owner.ts';
export { cartRoutes } from './cart.routes.ts';
export { createGuestCartCookies, GUEST_CART_COOKIE } from './guest-cart-cookie.ts';
export { type CartService, createCartService, type PricedLine } from './cart.service.ts';
export { couponDiscountCents, couponProblem, type CouponTerms } from './coupon-rules.ts';
export { couponsAdminRoutes } from './coupons.admin-routes.ts';
export { createCouponsAdminService } from './coupons.admin-service.ts';
export { type CouponsService, createCouponsService } from './coupons.service.ts';
