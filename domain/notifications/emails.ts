/**
 * The notification e-mails: one notice at once (the deadline reminders' shape), or the daily
 * digest listing every notice held since the last one, each with its link into the desk.
 */
import { escapeHtml } from '../../lib/html.js';
import { email, type DeadlineEmail } from '../deadlines/notices.js';
import type { NoticeText, Recipient } from './wording.js';

export interface Wording {
  municipality: string;
  /** The desk's origin, for the links. */
  deskUrl: string;
}

export type NotificationEmail = DeadlineEmail;

/** A message id per user and event (or digest): a repeat shows as the same message. */
export const messageIdOf = (userId: string, key: string) => `<notify.${key}.${userId}@expediente>`;

export function noticeEmail(
  userId: string,
  to: Recipient,
  key: string,
  text: NoticeText,
  w: Wording,
): NotificationEmail {
  return email(
    { id: userId, ...to },
    `${w.municipality}: ${text.headline}`,
    text.lines,
    `${w.deskUrl}${text.path}`,
    messageIdOf(userId, key),
  );
}

export function digestEmail(
  userId: string,
  to: Recipient,
  key: string,
  items: NoticeText[],
  w: Wording,
): NotificationEmail {
  const greeting = `Hola ${to.fullName}:`;
  const intro =
    items.length === 1
      ? 'Desde el último resumen hubo un aviso:'
      : `Desde el último resumen hubo ${items.length} avisos:`;
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    to: to.email,
    subject: `${w.municipality}: resumen diario (${items.length} ${items.length === 1 ? 'aviso' : 'avisos'})`,
    text: [
      greeting,
      '',
      intro,
      '',
      ...items.flatMap((i) => [
        `- ${capital(i.headline)}`,
        ...i.lines.map((l) => `  ${l}`),
        `  ${w.deskUrl}${i.path}`,
        '',
      ]),
      w.deskUrl,
      '',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${items
      .map(
        (i) =>
          `<li><p><a href="${escapeHtml(`${w.deskUrl}${i.path}`)}">${escapeHtml(capital(i.headline))}</a></p>${i.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</li>`,
      )
      .join('')}</ul><p><a href="${escapeHtml(w.deskUrl)}">Abrir Expediente</a></p>`,
    messageId: messageIdOf(userId, key),
  };
}
