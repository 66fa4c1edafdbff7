/** Just enough MIME to read the text parts of a message nodemailer built (tests only). */
function decodePart(part: string): string {
  const split = part.search(/\r?\n\r?\n/);
  if (split < 0) return '';
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = headers.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The decoded bodies of every part, joined: enough to search for a code or a link. */
export function mailText(raw: string): string {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  return parts.map(decodePart).join('\n');
}
