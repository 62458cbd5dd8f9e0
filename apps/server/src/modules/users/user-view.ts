import type { Address, CountryCode, User } from '@shopper/contract';
import type { AuthUser } from '../../plugins/auth.ts';

function addressOf(user: AuthUser): Address | null {
  const { addressStreet: street, addressCity: city, addressZip: zip, addressCountry: country } = user;
  if (!street || !city || !zip || !country) return null;
  return {
    street,
    city,
    state: user.addressState ?? '',
    zipCode: zip,
    postalCode: zip,
    country: country as CountryCode,
  };
}

/** The user as the API answers it (docs/product.md#entities), with every alias the storefront reads. */
export function toUserView(user: AuthUser): User {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    username: user.name,
    email: user.email,
    isEmailVerified: user.isEmailVerified,
    emailVerified: user.isEmailVerified,
    isAdmin: user.isAdmin,
    role: user.role,
    status: user.isEmailVerified ? 'active' : 'unverified',
    phone: user.phone,
    address: addressOf(user),
    createdAt: user.createdAt.toISOString(),
  };
}
