import type { TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import fs from 'node:fs';
import path from 'node:path';

/** An e-mail read back from the .eml outbox, decoded enough for assertions. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`), as used for non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_m, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

function parseMail(file: string): OutboxMail {
  const { headers, body } = splitHead(fs.readFileSync(file, 'utf8'));
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`)) {
      const part = splitHead(chunk.replace(/^\r?\n/, ''));
      const type = part.headers.get('content-type')?.split(';')[0]?.trim();
      if (type) parts[type] = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    }
  } else {
    const type = headers.get('content-type')?.split(';')[0]?.trim() ?? 'text/plain';
    parts[type] = decodeBody(body, headers.get('content-transfer-encoding'));
  }
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

/**
 * Waits until every e-mail queued so far is sent: the outbox relay has run and the mail job
 * has nothing left to do (mails leave through a job after commit, ADR 010).
 */
export async function settleMail(ctx: TestContext): Promise<void> {
  await ctx.events.relay();
  await waitFor(
    async () => {
      for (const state of ['created', 'retry', 'active'] as const) {
        if ((await ctx.jobs.countJobs('mail-send', state)) > 0) return false;
      }
      return true;
    },
    // A ceiling, not a wait: on CI's loaded machine a mail job once took longer than 15 s.
    { timeoutMs: 60_000, what: 'the mail jobs to finish' },
  );
}

/** Every mail sent to `to`, oldest first, once the queued ones are sent. */
export async function readOutbox(ctx: TestContext, to: string): Promise<OutboxMail[]> {
  await settleMail(ctx);
  return readSentMail(ctx.dataDir, to);
}

/** Every mail already sent to `to`, oldest first (none waited for). */
export function readSentMail(dataDir: string, to: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(path.join(dir, name)))
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/**
 * The account e-mails (verification and reset links) sent to `to`: a new creator also gets the
 * "pending validation" notification by e-mail, which these tests do not count.
 */
export async function readAccountMails(ctx: TestContext, to: string): Promise<OutboxMail[]> {
  return (await readOutbox(ctx, to)).filter((mail) =>
    /\/(verify-email|reset-password)\?token=/.test(mail.text),
  );
}

/** The token of the newest link to `page` (verify-email or reset-password) sent to `to`. */
export async function readLinkToken(ctx: TestContext, to: string, page: string): Promise<string> {
  const mails = await readOutbox(ctx, to);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${page} link sent to ${to}`);
}
