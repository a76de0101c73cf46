import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that writes every message it accepts to `dir` as JSON. */
export async function startMailCatcher(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received += 1;
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          const cc = Array.isArray(mail.cc) ? mail.cc.map((a) => a.text).join(', ') : (mail.cc?.text ?? '');
          const attachments = mail.attachments.map((attachment) => ({
            filename: attachment.filename ?? '',
            contentType: attachment.contentType,
            // The first bytes are enough to tell a PDF; the whole file would bloat the mailbox.
            head: attachment.content.subarray(0, 8).toString('latin1'),
            size: attachment.size,
          }));
          const record = {
            to,
            cc,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || '',
            attachments,
          };
          writeFileSync(path.join(dir, `${Date.now()}-${received}.json`), JSON.stringify(record));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
