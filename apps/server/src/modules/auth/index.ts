export { authRoutes } from './auth.routes.ts';
export { createAuthService } from './auth.service.ts';
export { createDeviceCookies, DEVICE_COOKIE } from './device-cookie.ts';
export { createEmailTokensService } from './email-tokens.service.ts';
export { createLoginThrottle } from './login-throttle.ts';
export { createSessionsService, type SessionsService } from './sessions.service.ts';
