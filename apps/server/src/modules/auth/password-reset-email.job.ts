import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { escapeHtml } from '../../platform/mailer.ts';
import { hashToken, newOpaqueToken } from '../../platform/tokens.ts';
import { findUserById } from '../users/index.ts';
import { insertResetToken, retireResetTokens } from './password-resets.repository.ts';

export const SEND_PASSWORD_RESET_EMAIL = 'send-password-reset-email';
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export interface PasswordResetEmailJob {
  userId: string;
}

/**
 * The link's token is made here, in the worker, rather than in the request: the job's data then
 * holds only a user id, and the raw token exists nowhere but in the email (the table has its hash).
 * Only the newest link works, so a retried job never leaves two live links behind.
 */
export function passwordResetEmailJob(deps: JobDependencies): JobDefinition<PasswordResetEmailJob> {
  return {
    name: SEND_PASSWORD_RESET_EMAIL,
    handler: async ({ userId }, { logger }) => {
      const user = await findUserById(deps.db, userId);
      if (!user) {
        logger.info('User no longer exists; no reset email sent');
        return;
      }
      const token = newOpaqueToken();
      const now = new Date();
      await deps.db.transaction(async (tx) => {
        await retireResetTokens(tx, user.id, now);
        await insertResetToken(tx, {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
        });
      });
      const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your Atempo password',
        text: [
          `Hello ${user.firstName},`,
          '',
          'Someone (hopefully you) asked to reset the password of your Atempo account.',
          `Choose a new password here: ${link}`,
          '',
          'The link works once and expires in one hour. If you did not ask for it, ignore this email.',
        ].join('\n'),
        html: [
          `<p>Hello ${escapeHtml(user.firstName)},</p>`,
          '<p>Someone (hopefully you) asked to reset the password of your Atempo account.</p>',
          `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
          '<p>The link works once and expires in one hour. If you did not ask for it, ignore this email.</p>',
        ].join('\n'),
      });
    },
  };
}
