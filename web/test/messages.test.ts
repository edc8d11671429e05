import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiEnvelope, ApiError, setSession } from '../src/api';
import { DESK_MESSAGES, deskMessage, FIELD_LABELS } from '../src/messages';

/** Words that lose their accent in the API's wording. */
const UNACCENTED = /\b(vacio|valido|valida|invalido|invalida|parametro|numero|operacion|sesion)\b/i;
/** The API's technical words a desk user should not read. */
const TECHNICAL = /\b(draft|rejected|requerido|body|json|header|token|tenant|cursor|multipart|[a-z]+_[a-z_]+)\b/i;

describe("API messages in the desk's Spanish", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("words every mapped message with its accents and without the API's technical terms", () => {
    for (const [api, desk] of Object.entries(DESK_MESSAGES)) {
      expect(deskMessage(api), api).toBe(desk);
      expect(desk, api).not.toMatch(UNACCENTED);
      expect(desk, api).not.toMatch(TECHNICAL);
      expect(desk, api).not.toBe(api);
    }
  });

  it("words the spec's catalog messages the desk can meet", () => {
    expect(deskMessage('reason es requerido y no puede estar vacio')).toBe('Indique el motivo: no puede quedar vacío');
    expect(deskMessage('reference es requerido')).toBe('Indique la referencia');
    expect(deskMessage('document_type_acronym es requerido')).toBe('Indique el tipo de documento');
    expect(deskMessage('Solo se pueden eliminar documentos en estado draft o rejected')).toBe(
      'Solo se pueden eliminar borradores o documentos rechazados',
    );
    expect(deskMessage('Solo se puede reemplazar PDF en documentos draft')).toBe(
      'Solo se puede reemplazar el PDF de un borrador',
    );
    expect(deskMessage("El parametro 'q' es requerido y debe tener al menos 2 caracteres")).toBe(
      'Escriba al menos 2 caracteres para buscar',
    );
    expect(deskMessage('El archivo no es un PDF valido')).toBe('El archivo no es un PDF válido');
  });

  it('words a validation message by its field, for every named field', () => {
    for (const [field, label] of Object.entries(FIELD_LABELS)) {
      const required = deskMessage(`${field} es requerido`);
      expect(required, field).toMatch(/^Indique /);
      if (!(`${field} es requerido` in DESK_MESSAGES)) expect(required, field).toBe(`Indique ${label}`);
    }
    expect(deskMessage('full_name es requerido')).toBe('Indique el nombre completo');
    expect(deskMessage('reason debe tener al menos 5 caracteres')).toBe('El motivo debe tener al menos 5 caracteres');
    expect(deskMessage('reference no puede superar 500 caracteres')).toBe(
      'La referencia no puede superar 500 caracteres',
    );
    expect(deskMessage('email tiene un formato invalido')).toBe('El email no tiene un formato válido');
    expect(deskMessage('content no es texto UTF-8 valido')).toBe(
      'El contenido contiene caracteres que no son texto válido',
    );
    expect(deskMessage('reference contiene caracteres no permitidos')).toBe(
      'La referencia contiene caracteres no permitidos',
    );
    expect(deskMessage('date debe tener el formato YYYY-MM-DD')).toBe('La fecha debe ser una fecha (AAAA-MM-DD)');
    expect(deskMessage('state invalido')).toBe('El estado no es válido');
    expect(deskMessage('Dato invalido: valor fuera de rango')).toBe('Dato no válido: valor fuera de rango');
  });

  it('shows any other message as the API wrote it', () => {
    for (const message of [
      'Documento no puede firmarse en su estado actual',
      'Sin permisos para asignar',
      'El documento ya está vinculado al expediente',
      'Tipo de documento no encontrado: XYZ',
      // A field the desk does not name: the API's words, not a half-translated sentence.
      'page_token es requerido',
      'body invalido',
      '',
    ])
      expect(deskMessage(message)).toBe(message);
  });

  it("the backend client raises the desk's wording, with the API's status", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              message: 'Solo se pueden eliminar documentos en estado draft o rejected',
            }),
            { status: 409 },
          ),
      ),
    );
    setSession({ token: async () => 't', renew: async () => undefined, tenant: () => 'demo' });
    await expect(apiEnvelope('/api/v1/documents/x', { method: 'DELETE' })).rejects.toEqual(
      new ApiError('Solo se pueden eliminar borradores o documentos rechazados', 409),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: 'Documento no encontrado' }), { status: 404 }),
      ),
    );
    await expect(apiEnvelope('/api/v1/documents/x/details')).rejects.toEqual(
      new ApiError('Documento no encontrado', 404),
    );
  });
});
