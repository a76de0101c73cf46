import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { escapeHtml } from '../../platform/mailer.ts';
import { findInvitationForEmail } from './organizations.service.ts';

export const SEND_INVITATION_EMAIL = 'send-invitation-email';

export interface InvitationEmailJob {
  organizationId: string;
  invitationId: string;
}

export function invitationEmailJob(deps: JobDependencies): JobDefinition<InvitationEmailJob> {
  return {
    name: SEND_INVITATION_EMAIL,
    handler: async ({ organizationId, invitationId }, { logger }) => {
      const found = await findInvitationForEmail(deps.db, organizationId, invitationId);
      const invitation = found?.invitation;
      if (!found || !invitation || invitation.revokedAt || invitation.acceptedAt) {
        logger.info('Invitation no longer open; no email sent');
        return;
      }
      const { organization } = found;
      const link = `${deps.config.publicUrl}/register?org=${encodeURIComponent(organization.slug)}`;
      const inviter = invitation.inviterName ?? 'An admin';
      const text = [
        `${inviter} invited you to join ${organization.name} on Atempo.`,
        '',
        `Create your account here: ${link}`,
        `Your organisation code is: ${organization.slug}`,
        '',
        `Sign up with this email address (${invitation.email}). The invitation expires on ${invitation.expiresAt.toUTCString()}.`,
      ].join('\n');
      const html = [
        `<p>${escapeHtml(inviter)} invited you to join <strong>${escapeHtml(organization.name)}</strong> on Atempo.</p>`,
        `<p><a href="${escapeHtml(link)}">Create your account</a></p>`,
        `<p>Your organisation code is: <code>${escapeHtml(organization.slug)}</code></p>`,
        `<p>Sign up with this email address (${escapeHtml(invitation.email)}). The invitation expires on ${escapeHtml(invitation.expiresAt.toUTCString())}.</p>`,
      ].join('\n');
      await deps.mailer.send({
        to: invitation.email,
        subject: `You're invited to join ${organization.name} on Atempo`,
        text,
        html,
      });
    },
  };
}
