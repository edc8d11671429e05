/**
 * A personal signature waits for its signer: the remote signing service sent them a one-time code
 * (by e-mail, or their authenticator app makes it) and the signature is made only when they type it
 * here (POST /documents/{id}/sign/authorize). "Enviar un código nuevo" asks to sign again
 * (super-sign), which prepares the signature anew and sends a fresh code.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callEnvelope, type Data } from '../client';
import type { Envelope } from '../api';
import { ErrorAlert, formatTime } from './common';

type SignAnswer = Data<'post', '/api/v1/documents/{id}/super-sign'>;
type AuthorizeAnswer = Data<'post', '/api/v1/documents/{id}/sign/authorize'>;
/** What the signing screen does once the signature is made (200) or continues by itself (202). */
export type Finished = Envelope<SignAnswer | AuthorizeAnswer> & { status: number };

export interface PendingAuthorization {
  method: 'otp-email' | 'totp';
  /** When the code stops working; null while it is still on its way. */
  expiresAt: string | null;
}

/** The authorisation a super-sign answer asks for, if it asks for one. */
export function authorizationAsked(res: { status: number; data: SignAnswer }): PendingAuthorization | undefined {
  const d = res.data;
  if (res.status !== 202 || !('authorization_required' in d) || d.authorization_required !== true) return undefined;
  return { method: d.method ?? 'otp-email', expiresAt: d.expires_at ?? null };
}

/** The six digits of a code as typed (spaces and dashes pasted with it dropped). */
export function codeDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '').slice(0, 6);
}

/**
 * The shell both code dialogs share (a document's, a batch's): what was sent where, the six-digit
 * field, the server's refusal, Cancelar and Autorizar; `extra` goes beside the buttons.
 */
export function CodeDialog({
  opened,
  onClose,
  intro,
  description,
  code,
  onCode,
  onAuthorize,
  authorizing,
  error,
  children,
  extra,
}: {
  opened: boolean;
  onClose: () => void;
  intro: React.ReactNode;
  description: string;
  code: string;
  onCode: (code: string) => void;
  onAuthorize: () => void;
  authorizing: boolean;
  error: unknown;
  /** Alerts under the field. */
  children?: React.ReactNode;
  extra?: React.ReactNode;
}) {
  const valid = /^\d{6}$/.test(code);
  return (
    <Modal opened={opened} onClose={onClose} title="Firma con su certificado personal">
      <Stack
        component="form"
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          if (valid && !authorizing) onAuthorize();
        }}
      >
        <Text size="sm">{intro}</Text>
        <TextInput
          label="Código de autorización"
          description={description}
          value={code}
          onChange={(e) => onCode(codeDigits(e.currentTarget.value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-autofocus
        />
        {children}
        <ErrorAlert error={error} title="No se pudo autorizar la firma" />
        <Group justify={extra ? 'space-between' : 'flex-end'}>
          {extra}
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="teal" disabled={!valid} loading={authorizing}>
              Autorizar
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

const WHERE: Record<PendingAuthorization['method'], string> = {
  'otp-email': 'Le enviamos un código por e-mail.',
  totp: 'Ingrese el código de su aplicación de autenticación.',
};

export function PersonalSignatureDialog({
  documentId,
  pending,
  onFinished,
  onClose,
}: {
  documentId: string;
  pending: PendingAuthorization | undefined;
  onFinished: (res: Finished) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [current, setCurrent] = useState<PendingAuthorization | undefined>(pending);
  const [resent, setResent] = useState(false);
  // A new request of the screen (another click on Firmar) replaces what the dialog shows.
  const [shown, setShown] = useState(pending);
  if (pending !== shown) {
    setShown(pending);
    setCurrent(pending);
    setCode('');
    setResent(false);
  }
  const authorize = useMutation({
    mutationFn: () =>
      callEnvelope('post', '/api/v1/documents/{id}/sign/authorize', { path: { id: documentId }, body: { code } }),
    onSuccess: (res) => onFinished(res),
  });
  const resend = useMutation({
    mutationFn: () => callEnvelope('post', '/api/v1/documents/{id}/super-sign', { path: { id: documentId } }),
    onSuccess: (res) => {
      const asked = authorizationAsked(res);
      if (!asked) return onFinished(res);
      authorize.reset();
      setCurrent(asked);
      setCode('');
      setResent(true);
    },
  });
  const method = current?.method ?? 'otp-email';
  return (
    <CodeDialog
      opened={Boolean(pending)}
      onClose={onClose}
      intro={
        <>
          {WHERE[method]}{' '}
          {current?.expiresAt
            ? `Vence a las ${formatTime(current.expiresAt)}.`
            : method === 'otp-email'
              ? 'Puede tardar unos segundos en llegar.'
              : ''}
        </>
      }
      description="6 dígitos; sirve una sola vez y solo para este documento"
      code={code}
      onCode={setCode}
      onAuthorize={() => authorize.mutate()}
      authorizing={authorize.isPending}
      error={authorize.error}
      extra={
        <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending}>
          Enviar un código nuevo
        </Button>
      }
    >
      {resent && !authorize.error && (
        <Alert color="teal" role="status">
          Le enviamos un código nuevo; el anterior ya no sirve.
        </Alert>
      )}
      <ErrorAlert error={resend.error} title="No se pudo enviar un código nuevo" />
    </CodeDialog>
  );
}
