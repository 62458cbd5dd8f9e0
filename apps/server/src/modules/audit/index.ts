export { auditAdminRoutes } from './audit.admin-routes.ts';
export { type AuditRecorder, type AuditService, createAuditService } from './audit.service.ts';
