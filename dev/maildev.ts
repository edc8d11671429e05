/**
 * The development SMTP catcher: MailDev, a real SMTP server that keeps every message and shows
 * them in a web UI (and a REST API, which the tests read). `npm start` and the tests run it.
 */
import MailDev from 'maildev';

export interface MaildevMessage {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name: string }[];
  date: string;
}

export interface RunningMaildev {
  smtpPort: number;
  webUrl: string;
  messages(): Promise<MaildevMessage[]>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export async function startMaildev(options: {
  smtpPort: number;
  webPort: number;
  host?: string;
}): Promise<RunningMaildev> {
  const host = options.host ?? '127.0.0.1';
  const server = new MailDev({ smtp: options.smtpPort, web: options.webPort, ip: host, silent: true });
  await new Promise<void>((resolve, reject) => server.listen((err?: Error) => (err ? reject(err) : resolve())));
  const webUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${options.webPort}`;
  return {
    smtpPort: options.smtpPort,
    webUrl,
    async messages() {
      return (await (await fetch(`${webUrl}/email`)).json()) as MaildevMessage[];
    },
    async clear() {
      await fetch(`${webUrl}/email/all`, { method: 'DELETE' });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
