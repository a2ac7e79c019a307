// The SMTP side of email: one nodemailer transport per worker process (SMTP_URL). The send_email
// job (src/jobs/send-email.ts) uses it; without SMTP_URL there is none and mail stays in the outbox.
import { createTransport } from 'nodemailer';
import { inSpan, SpanKind } from '../tracing.ts';

export interface Mailer {
  send(message: { from: string; to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      // The span names no recipient: addresses are never logged or traced.
      await inSpan('SMTP send', { kind: SpanKind.CLIENT }, () => transport.sendMail(message));
    },
    close: () => transport.close(),
  };
}
