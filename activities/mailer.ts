/** Outgoing mail over SMTP (nodemailer); in development the SMTP catcher `npm start` runs. */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config/index.js';

export interface Mailer {
  send(message: { to: string; subject: string; text: string; html: string; messageId?: string }): Promise<string>;
  close(): void;
}

export function createMailer(config: Config): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    ...(config.smtp.user ? { auth: { user: config.smtp.user, pass: config.smtp.password ?? '' } } : {}),
    // The development catcher speaks plain SMTP on loopback.
    ignoreTLS: !config.smtp.secure && ['127.0.0.1', 'localhost'].includes(config.smtp.host),
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.smtp.from, ...message });
      return info.messageId;
    },
    close: () => transport.close(),
  };
}
