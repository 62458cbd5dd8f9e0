import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../../admin-messages.ts';
import { ActorSchema, adminListQuerySchema, adminPageSchema } from './common.ts';

export const AUDIT_SORTS = ['createdAt'] as const;

/** GET /api/admin/audit (owner): newest first by default; filter by actor and by entity (and its id). */
export const AuditListQuerySchema = adminListQuerySchema(AUDIT_SORTS, 'createdAt').extend({
  actorId: z.uuid({ error: M.idInvalid }).optional(),
  entity: z
    .string()
    .regex(/^[\w-]{1,50}$/, M.entityInvalid)
    .optional(),
  entityId: z
    .string()
    .max(100, M.idInvalid)
    .refine((v) => !v.includes('\u0000'), M.idInvalid)
    .optional(),
});
export type AuditListQuery = z.input<typeof AuditListQuerySchema>;

/** One back-office change: who (null actor = the command line), when, what, before → after. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actor: ActorSchema.nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = adminPageSchema(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;
