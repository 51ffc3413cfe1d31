// Sending one message through the center's SMTP server with nodemailer, and saying why it failed
// in words an admin can act on (a code of the catalogue and its values).
import type { TestEmailReply } from '#common/email.ts';
import type { SmtpConnection } from './settings.ts';

const TIMEOUT_MS = 15_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(smtp: SmtpConnection, mail: OutgoingMail): Promise<void> {
  // Loaded on first use, not at start-up (docs/decisions/047-memory.md).
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    // Nothing read from disk or the network into a message.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    await transport.sendMail({
      from: { name: smtp.fromName || smtp.fromAddress, address: smtp.fromAddress },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } finally {
    transport.close();
  }
}

/** A failure as the admin reads it: which step failed, and the server's own words. */
export function describeSmtpError(
  error: unknown,
  smtp: Pick<SmtpConnection, 'host' | 'port'>,
): Pick<TestEmailReply, 'code' | 'params'> {
  const e = error as { code?: string; response?: string; message?: string };
  const detail = (e.response || e.message || String(error)).slice(0, 300);
  const where = { host: smtp.host, port: String(smtp.port), detail };
  switch (e.code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return { code: 'SMTP_AUTH_FAILED', params: where };
    case 'ETIMEDOUT':
      return { code: 'SMTP_TIMEOUT', params: where };
    case 'ETLS':
    case 'EREQUIRETLS':
      return { code: 'SMTP_TLS_FAILED', params: where };
    case 'EENVELOPE':
    case 'EMESSAGE':
    case 'EPROTOCOL':
      return { code: 'SMTP_REFUSED', params: where };
    default:
      return { code: 'SMTP_CONNECTION_FAILED', params: where };
  }
}
