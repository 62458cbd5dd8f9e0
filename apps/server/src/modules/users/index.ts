export { createAccountService } from './account.service.ts';
export { customersAdminRoutes } from './customers.admin-routes.ts';
export { createCustomersAdminService } from './customers.admin-service.ts';
export { createPasswordChecks } from './password-checks.ts';
export { staffAdminRoutes } from './staff.admin-routes.ts';
export { createStaffService } from './staff.service.ts';
export { toUserView } from './user-view.ts';
export { usersRoutes } from './users.routes.ts';
export { createUsersService, emailTaken, type UsersService } from './users.service.ts';
