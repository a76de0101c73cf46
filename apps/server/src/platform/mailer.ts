import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** 'smtp' sends for real; 'log' writes the message to the server log (no SMTP_URL configured). */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, logger: Logger): Mailer {
  if (!config.smtpUrl) return createLogMailer(logger);
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP a self-hosted install still works: the operator reads the message, links included,
 * in the log and passes it on.
 */
function createLogMailer(logger: Logger): Mailer {
  const log = logger.child({ component: 'mailer' });
  return {
    kind: 'log',
    send: async (message) => {
      log.info(
        {
          mail: {
            to: message.to,
            cc: message.cc,
            subject: message.subject,
            text: message.text,
            attachments: message.attachments?.map(({ filename, content }) => ({
              filename,
              bytes: content.length,
            })),
          },
        },
        'Email not sent (SMTP_URL is not set); its content follows',
      );
    },
    close: () => {},
  };
}

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
