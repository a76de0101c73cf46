import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_MAIL_DIR } from './environment.ts';

export interface CaughtMail {
  to: string;
  cc: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; head: string; size: number }[];
}

function readAll(): CaughtMail[] {
  if (!existsSync(E2E_MAIL_DIR)) return [];
  return readdirSync(E2E_MAIL_DIR)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8')) as CaughtMail);
}

/** Waits for the newest message sent to `address` whose subject matches. */
export async function waitForMail(address: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll()
          .filter(
            (mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && subject.test(mail.subject),
          )
          .at(-1);
        return Boolean(found);
      },
      { timeout: 20_000, message: `an email to ${address} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

export function firstLink(mail: CaughtMail, pathPart: string): string {
  const escaped = pathPart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = mail.text.match(new RegExp(`https?://\\S*${escaped}\\S*`))?.[0];
  if (!link) throw new Error(`No link containing ${pathPart} in: ${mail.text}`);
  return link;
}
