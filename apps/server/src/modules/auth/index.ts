export { authRoutes } from './auth.routes.ts';
export { signInVerifiedUser } from './auth.service.ts';
export { passwordResetEmailJob } from './password-reset-email.job.ts';
