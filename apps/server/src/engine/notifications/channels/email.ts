// E-mail through nodemailer to SMTP_URL (smtp:// or smtps://, with credentials in the URL).
import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type ChannelSender } from './types.ts';

interface SmtpError {
  responseCode?: number;
}

/** A sender over one pooled SMTP transport; 5xx replies are final, everything else is retried. */
export function smtpSender(smtpUrl: string, from: string): { send: ChannelSender; close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.address,
          subject: message.subject,
          text: message.body,
          headers: message.headers,
          ...(message.cc?.length ? { cc: message.cc } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((a) => ({
                  filename: a.fileName,
                  contentType: a.contentType,
                  content: a.content,
                })),
              }
            : {}),
        });
      } catch (error) {
        const code = (error as SmtpError).responseCode;
        // 550-554 are permanent per RFC 5321 (mailbox unavailable, transaction failed)
        if (code && code >= 550 && code <= 554) throw new PermanentDeliveryError(`SMTP ${code}`);
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
