import type { TDailyBrief } from '@atempo/contracts';
import { escapeHtml, type MailMessage } from '../../platform/mailer.ts';

const IMPORTANCE_MARK = { high: '[!]', medium: '[·]', low: '[ ]' } as const;

/** The Profile page's Daily brief card, where the reader stops the emails (or starts them again). */
export const UNSUBSCRIBE_PATH = '/profile#daily-brief';
const WHY = 'You receive this brief every morning because you started monitoring in Atempo.';

/** The brief as an email: the summary, then each section's items with links into the app. */
export function dailyBriefEmail(
  brief: TDailyBrief,
  recipient: { email: string; firstName: string },
  publicUrl: string,
): MailMessage {
  const day = brief.period_end.slice(0, 10);
  const url = (link: string) => `${publicUrl}${link}`;
  const unsubscribe = url(UNSUBSCRIBE_PATH);
  const text = [
    `Hello ${recipient.firstName},`,
    '',
    brief.summary,
    ...brief.sections.flatMap((section) => [
      '',
      section.title,
      ...section.items.map(
        (item) =>
          `${IMPORTANCE_MARK[item.importance]} ${item.title}${item.detail ? ` — ${item.detail}` : ''}\n    ${url(item.link)}`,
      ),
    ]),
    '',
    WHY,
    `Unsubscribe (Your Profile → Daily brief): ${unsubscribe}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(recipient.firstName)},</p>`,
    `<p><strong>${escapeHtml(brief.summary)}</strong></p>`,
    ...brief.sections.map(
      (section) =>
        `<h3>${escapeHtml(section.title)}</h3><ul>${section.items
          .map(
            (item) =>
              `<li>${item.importance === 'high' ? '<strong>' : ''}<a href="${escapeHtml(url(item.link))}">${escapeHtml(item.title)}</a>${item.importance === 'high' ? '</strong>' : ''}${item.detail ? ` — ${escapeHtml(item.detail)}` : ''}</li>`,
          )
          .join('')}</ul>`,
    ),
    `<p style="color:#64748b">${escapeHtml(WHY)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
  ].join('\n');
  return {
    to: recipient.email,
    subject: `Atempo daily brief for ${day}: ${brief.total_items} changes`,
    text,
    html,
  };
}
