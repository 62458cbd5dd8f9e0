import { UserSchema, type User, type UserRole } from '@shopper/contract';

/** A user as GET /api/users/me answers it, with the given back-office role. */
export function userWithRole(role: UserRole, email = `${role}@example.com`): User {
  return UserSchema.parse({
    _id: 'u1',
    id: 'u1',
    name: 'Sam',
    username: 'Sam',
    email,
    isEmailVerified: true,
    emailVerified: true,
    isAdmin: false,
    status: 'active',
    phone: '',
    address: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    role,
  });
}
