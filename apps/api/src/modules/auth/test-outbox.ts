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

/** Every mail sent to `to` from the test's data folder, oldest first. */
export function readOutbox(dataDir: string, to: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(path.join(dir, name)))
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** The token of the newest link to `page` (verify-email or reset-password) sent to `to`. */
export function readLinkToken(dataDir: string, to: string, page: string): string {
  const mails = readOutbox(dataDir, to);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${page} link sent to ${to}`);
}
