export { authRoutes } from './auth.routes.ts';
export { passwordResetEmailJob } from './password-reset-email.job.ts';
