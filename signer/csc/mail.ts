/**
 * The e-mail that carries a one-time code to the signer (SMTP; MailDev in development and
 * tests). It says what is being signed (the request's description, e.g. a document's reference,
 * and the start of each hash) so the signer authorises knowingly. The code never reaches a log.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { CscServiceConfig } from './config.js';

export interface CodeMessage {
  to: string;
  fullName: string;
  code: string;
  ttlSeconds: number;
  description: string | undefined;
  hashes: Buffer[] | undefined;
}

export class CodeMailer {
  private readonly transport: Transporter;

  constructor(private readonly smtp: CscServiceConfig['smtp']) {
    this.transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      // The development catcher speaks plain SMTP on loopback.
      ignoreTLS: !smtp.secure && ['127.0.0.1', 'localhost'].includes(smtp.host),
    });
  }

  async send(message: CodeMessage): Promise<void> {
    const minutes = Math.max(1, Math.round(message.ttlSeconds / 60));
    const what = message.description ? `: ${message.description}` : '';
    const lines = [
      `Hola, ${message.fullName}:`,
      '',
      `Para autorizar su firma digital${what}, ingrese este código:`,
      '',
      `Código: ${message.code}`,
      '',
      `Vence en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} y sirve una sola vez.`,
      ...(message.hashes?.length
        ? [
            '',
            `Autoriza ${message.hashes.length === 1 ? 'esta firma' : `estas ${message.hashes.length} firmas`} (huella SHA-256):`,
            ...message.hashes.map((h) => `  ${h.toString('hex').slice(0, 16)}…`),
          ]
        : []),
      '',
      'Si usted no pidió firmar, no comparta este código con nadie.',
    ];
    await this.transport.sendMail({
      from: this.smtp.from,
      to: message.to,
      subject: `Código de firma${what}`.slice(0, 200),
      text: lines.join('\n'),
    });
  }

  close(): void {
    this.transport.close();
  }
}
