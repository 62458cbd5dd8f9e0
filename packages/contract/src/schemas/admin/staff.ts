import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../../admin-messages.ts';
import { EmailSchema } from '../user.ts';
import { adminListQuerySchema, adminPageSchema, STAFF_ROLES } from './common.ts';

const StaffRoleSchema = z.enum(STAFF_ROLES, { error: M.roleInvalid });

export const STAFF_SORTS = ['email', 'name', 'role', 'createdAt'] as const;
export const StaffListQuerySchema = adminListQuerySchema(STAFF_SORTS, 'email');

/** A back-office account (owner only). */
export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  isDisabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffPageSchema = adminPageSchema(StaffMemberSchema);

/** Gives an existing account a role; the person signs up on the storefront first. */
export const AddStaffBodySchema = z.object({ email: EmailSchema, role: StaffRoleSchema });
export type AddStaffBody = z.input<typeof AddStaffBodySchema>;
export const ChangeStaffRoleBodySchema = z.object({ role: StaffRoleSchema });
export type ChangeStaffRoleBody = z.input<typeof ChangeStaffRoleBodySchema>;

export const StaffAnswerSchema = z.object({ success: z.literal(true), message: z.string(), member: StaffMemberSchema });

/** GET /api/back-office (public): where the storefront's /admin page sends "the admin panel login". */
export const BackOfficeLinkAnswerSchema = z.object({ success: z.literal(true), url: z.string() });
export type BackOfficeLinkAnswer = z.infer<typeof BackOfficeLinkAnswerSchema>;
