/**
 * The desk's Spanish for what the API answers. The APIs keep the spec's wording (field names,
 * "vacio", "draft"), which integrations match on; a desk user reads the same refusal as a plain
 * sentence with its accents. Keyed by the API's exact message, or by its shape for messages that
 * name a field or a value; anything else is shown as the API wrote it.
 */

/** The API's exact message → what the desk shows. */
export const DESK_MESSAGES: Readonly<Record<string, string>> = {
  // The spec's catalog (400, 409)
  'reason es requerido y no puede estar vacio': 'Indique el motivo: no puede quedar vacío',
  'case_id es requerido': 'Indique el expediente',
  'document_id es requerido': 'Indique el documento',
  'document_type_acronym es requerido': 'Indique el tipo de documento',
  'reference es requerido': 'Indique la referencia',
  'Body JSON invalido': 'El servidor no pudo leer la solicitud; vuelva a intentarlo',
  "El parametro 'q' es requerido y debe tener al menos 2 caracteres": 'Escriba al menos 2 caracteres para buscar',
  'Solo se pueden eliminar documentos en estado draft o rejected':
    'Solo se pueden eliminar borradores o documentos rechazados',
  'Solo se puede reemplazar PDF en documentos draft': 'Solo se puede reemplazar el PDF de un borrador',
  // Documents, cases and records
  'Solo se pueden proponer documentos en estado draft': 'Solo se pueden proponer borradores',
  'El archivo no es un PDF valido': 'El archivo no es un PDF válido',
  'reason no puede estar vacio': 'El motivo no puede quedar vacío',
  'reason debe tener entre 5 y 500 caracteres': 'El motivo debe tener entre 5 y 500 caracteres',
  'signers contiene un user_id invalido': 'Uno de los firmantes no es un usuario válido',
  'recipients debe ser una lista o un objeto {to, cc, bcc}': 'Los destinatarios no son válidos',
  'Debe indicar state o display_name': 'Indique el nuevo estado o el nuevo nombre',
  'Debe indicar al menos uno de: value, expiration_date, document_id, notes, document_reference, document_resume':
    'Indique al menos un dato del campo: valor, vencimiento, documento, notas, referencia o resumen del documento',
  'search debe tener al menos 2 caracteres': 'Escriba al menos 2 caracteres para buscar',
  'q no puede superar 50 caracteres': 'La búsqueda no puede superar 50 caracteres',
  'document_ids no puede repetir documentos': 'Un documento se eligió más de una vez',
  // Deadlines
  'due_at debe ser una fecha AAAA-MM-DD o una fecha y hora ISO 8601 con zona horaria':
    'El vencimiento debe ser una fecha válida',
  'due_in_business_days debe ser un número entero entre 1 y 240': 'El plazo debe ser de 1 a 240 días hábiles',
  'Indique due_at o due_in_business_days, no ambos':
    'Indique una fecha de vencimiento o un plazo en días hábiles, no ambos',
  // Lists
  'cursor no es válido: use el next_cursor de la página anterior':
    'La lista cambió mientras la recorría; vuelva a la primera página',
  'cursor pertenece a otra búsqueda: repita los mismos filtros y page_size que la página anterior':
    'La lista cambió mientras la recorría; vuelva a la primera página',
  // Users
  'email invalido': 'El email no es válido',
  // Session and requests
  'Authorization required': 'Su sesión venció; vuelva a ingresar',
  'Token invalido': 'Su sesión no es válida; vuelva a ingresar',
  'Token invalido: no contiene email':
    'Su cuenta del proveedor de identidad no informa un email; no puede ingresar a la mesa',
  'Token invalido: la identidad no corresponde al usuario':
    'Su sesión no corresponde a este usuario; vuelva a ingresar',
  'Audience no valido': 'Su sesión no es válida para esta mesa; vuelva a ingresar',
  'Issuer no valido': 'Su sesión no es válida para esta mesa; vuelva a ingresar',
  'X-Tenant-Schema header requerido': 'Elija un municipio',
  'Tenant no encontrado': 'Municipio no encontrado',
  'URL de archivo invalida': 'El enlace del archivo no es válido; vuelva a abrirlo desde la mesa',
  'Cuerpo multipart invalido': 'No se pudo leer el archivo enviado; vuelva a intentarlo',
  'Ruta invalida: codificación de caracteres incorrecta': 'La dirección no es válida',
  'Solicitud HTTP invalida': 'La solicitud no es válida; vuelva a intentarlo',
};

/** A request field as the desk's forms name it, with its article. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  reference: 'la referencia',
  reason: 'el motivo',
  document_type_acronym: 'el tipo de documento',
  document_id: 'el documento',
  case_id: 'el expediente',
  case_template_id: 'el tipo de trámite',
  content: 'el contenido',
  name: 'el nombre',
  full_name: 'el nombre completo',
  display_name: 'el nombre',
  email: 'el email',
  role: 'el rol',
  sector_id: 'el sector',
  target_sector_id: 'el sector de destino',
  assigned_user_id: 'el usuario asignado',
  state: 'el estado',
  value: 'el valor',
  notes: 'las notas',
  expiration_date: 'el vencimiento',
  due_at: 'el vencimiento',
  date: 'la fecha',
  description: 'el motivo',
  recipients: 'los destinatarios',
  signers: 'los firmantes',
  search: 'la búsqueda',
  query: 'la búsqueda',
  q: 'la búsqueda',
};

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Messages that name a field (the API's validation) or a value, by shape. */
const SHAPED: readonly [RegExp, (field: string, ...rest: string[]) => string][] = [
  [/^([\w.]+) es requerido$/, (f) => `Indique ${f}`],
  [
    /^([\w.]+) debe tener al menos (\d+) caracteres$/,
    (f, n) => `${capitalized(f)} debe tener al menos ${n} caracteres`,
  ],
  [/^([\w.]+) no puede superar (\d+) caracteres$/, (f, n) => `${capitalized(f)} no puede superar ${n} caracteres`],
  [/^([\w.]+) tiene un formato invalido$/, (f) => `${capitalized(f)} no tiene un formato válido`],
  [/^([\w.]+) no es texto UTF-8 valido$/, (f) => `${capitalized(f)} contiene caracteres que no son texto válido`],
  [/^([\w.]+) contiene caracteres no permitidos$/, (f) => `${capitalized(f)} contiene caracteres no permitidos`],
  [/^([\w.]+) debe tener el formato YYYY-MM-DD$/, (f) => `${capitalized(f)} debe ser una fecha (AAAA-MM-DD)`],
  [/^([\w.]+) invalido$/, (f) => `${capitalized(f)} no es válido`],
];

/** Values named in a message that the desk words differently. */
const SHAPED_VALUES: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^Dato invalido: (.+)$/, (detail) => `Dato no válido: ${detail}`],
];

/** What the desk shows for an API message: its Spanish when the desk words it differently, else the message itself. */
export function deskMessage(apiMessage: string): string {
  const exact = DESK_MESSAGES[apiMessage];
  if (exact) return exact;
  for (const [shape, words] of SHAPED) {
    const m = shape.exec(apiMessage);
    const label = m && FIELD_LABELS[m[1]!];
    if (m && label) return words(label, ...m.slice(2));
  }
  for (const [shape, words] of SHAPED_VALUES) {
    const m = shape.exec(apiMessage);
    if (m) return words(...m.slice(1));
  }
  return apiMessage;
}
