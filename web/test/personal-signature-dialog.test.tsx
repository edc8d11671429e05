import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../src/api';
import { PersonalSignatureDialog, type Finished } from '../src/components/PersonalSignatureDialog';

const DOC = '11111111-1111-4111-8111-111111111111';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function open(onFinished: (res: Finished) => void) {
  setSession({ token: async () => 't', renew: async () => undefined, tenant: () => 'demo' });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <PersonalSignatureDialog
          documentId={DOC}
          pending={{ method: 'otp-email', expiresAt: null }}
          onFinished={onFinished}
          onClose={() => {}}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the personal signature dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the code typed, shows the refusal as the server words it, and a new code on request', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, { success: false, data: null, message: 'Código de autorización incorrecto (le quedan 2 intentos)' }),
      )
      .mockResolvedValueOnce(
        json(202, {
          success: true,
          message: 'Le enviamos un código',
          data: {
            document_id: DOC,
            document_status: 'sent_to_sign',
            is_numerator: false,
            authorization_required: true,
            method: 'otp-email',
            expires_at: '2026-11-26T14:05:00Z',
          },
        }),
      )
      .mockResolvedValueOnce(
        json(200, {
          success: true,
          message: 'Documento firmado',
          data: { document_id: DOC, document_status: 'sent_to_sign', is_numerator: false, official_number: null },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const onFinished = vi.fn();
    open(onFinished);
    expect(screen.getByText(/Le enviamos un código por e-mail\./)).toBeTruthy();

    const input = screen.getByRole('textbox', { name: /Código de autorización/ }) as HTMLInputElement;
    const authorize = screen.getByRole('button', { name: 'Autorizar' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '12 34' } });
    expect(authorize.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '123 456' } });
    expect(input.value).toBe('123456');
    fireEvent.click(authorize);
    await screen.findByText('Código de autorización incorrecto (le quedan 2 intentos)');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual([
      `/api/v1/documents/${DOC}/sign/authorize`,
      'POST',
      JSON.stringify({ code: '123456' }),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Enviar un código nuevo' }));
    await screen.findByText(/Le enviamos un código nuevo/);
    expect((fetchMock.mock.calls[1] as [string])[0]).toBe(`/api/v1/documents/${DOC}/super-sign`);
    expect(input.value).toBe('');
    expect(screen.getByText(/Vence a las 11:05\./)).toBeTruthy();

    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(authorize);
    await waitFor(() => expect(onFinished).toHaveBeenCalledOnce());
    expect(onFinished.mock.calls[0]![0]).toMatchObject({ status: 200, message: 'Documento firmado' });
  });
});
