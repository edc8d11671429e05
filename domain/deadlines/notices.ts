/** The emails of a deadline: a reminder to each person it waits for, the escalation to each director. */
import { escapeHtml } from '../../lib/html.js';
import type { DeadlinePoint } from './schedule.js';
import type { DeadlineSubject, OpenDeadline, Person } from './subjects.js';
import { formatMunicipalTime } from '../calendar.js';

export interface DeadlineEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for a retried step, so a mail client shows a repeat as one message. */
  messageId: string;
}

interface Wording {
  municipality: string;
  timeZone: string;
  /** The desk's origin, for the link. */
  deskUrl: string;
}

function when(iso: string, timeZone: string): string {
  return formatMunicipalTime(iso, timeZone, { dateStyle: 'long', timeStyle: 'short' });
}

function messageId(subject: DeadlineSubject, point: DeadlinePoint, to: Person): string {
  const key = subject.kind === 'signing' ? `${subject.documentId}.${subject.round}` : subject.movementId;
  return `<deadline.${key}.${point.kind}.${point.sequence}.${to.id}@expediente>`;
}

/** One person's e-mail: a greeting, the lines, a link into the desk (also the notifications' shape). */
export function email(to: Person, subjectLine: string, lines: string[], link: string, id: string): DeadlineEmail {
  const greeting = `Hola ${to.fullName}:`;
  return {
    to: to.email,
    subject: subjectLine,
    text: [greeting, '', ...lines, '', link, ''].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Abrir en Expediente</a></p>`,
    messageId: id,
  };
}

/** One reminder per person the deadline waits for. */
export function reminderEmails(
  subject: DeadlineSubject,
  deadline: OpenDeadline,
  point: DeadlinePoint,
  w: Wording,
): DeadlineEmail[] {
  const due = when(deadline.dueAt, w.timeZone);
  const link = `${w.deskUrl}${deadline.path}`;
  const what =
    subject.kind === 'signing' ? `la firma de ${deadline.title}` : `la tarea del expediente ${deadline.title}`;
  const line = point.overdue
    ? `El plazo para ${what} venció el ${due} y sigue pendiente.`
    : `El plazo para ${what} vence el ${due}.`;
  const subjectLine = `${w.municipality}: ${point.overdue ? 'plazo vencido' : 'recordatorio de plazo'}: ${subject.kind === 'signing' ? 'firma de ' : ''}${deadline.title}`;
  const action = subject.kind === 'signing' ? 'El documento espera su firma.' : 'El expediente espera su intervención.';
  return deadline.remind.map((p) => email(p, subjectLine, [action, line], link, messageId(subject, point, p)));
}

/** The escalation: each director learns what is overdue and who it waits for. */
export function escalationEmails(
  subject: DeadlineSubject,
  deadline: OpenDeadline,
  point: DeadlinePoint,
  w: Wording,
): DeadlineEmail[] {
  const due = when(deadline.dueAt, w.timeZone);
  const what =
    subject.kind === 'signing'
      ? `la firma de ${deadline.publicTitle}`
      : `la tarea del expediente ${deadline.publicTitle}`;
  const waiting = deadline.remind.map((p) => p.fullName).join(', ') || 'nadie del sector';
  const lines = [
    `El plazo para ${what} venció el ${due} y sigue pendiente.`,
    `Espera a: ${waiting}.${deadline.owner ? ` Lo inició ${deadline.owner.fullName}.` : ''}`,
  ];
  const subjectLine = `${w.municipality}: plazo vencido escalado: ${subject.kind === 'signing' ? 'firma de ' : ''}${deadline.publicTitle}`;
  // A memo is its parties' only: a director outside them gets no link to it.
  const link = deadline.publicTitle === deadline.title ? `${w.deskUrl}${deadline.path}` : w.deskUrl;
  return deadline.escalateTo.map((p) => email(p, subjectLine, lines, link, messageId(subject, point, p)));
}
