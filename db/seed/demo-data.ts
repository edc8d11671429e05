/**
 * The demo municipality. IDs are UUIDv5 of a stable name, so the seed is idempotent and tests,
 * docs and curl examples can refer to the same users and sectors on every machine.
 */
import { stableId } from './stable-id.js';

export const demoId = stableId;

export const DEMO_TENANT = {
  schema: 'demo',
  municipalityCode: 'MVE',
  displayName: 'Municipalidad de Villa Esperanza',
  city: 'Villa Esperanza',
} as const;

export const DEPARTMENTS = [
  { acronym: 'SGOB', name: 'Secretaría de Gobierno' },
  { acronym: 'SOP', name: 'Secretaría de Obras Públicas' },
  { acronym: 'SHAC', name: 'Secretaría de Hacienda' },
] as const;

export const SECTORS = [
  { acronym: 'INTEN', name: 'Intendencia', department: 'SGOB' },
  { acronym: 'MESA', name: 'Mesa de Entradas', department: 'SGOB' },
  { acronym: 'DOP', name: 'Dirección de Obras Particulares', department: 'SOP' },
  { acronym: 'RENT', name: 'Dirección de Rentas', department: 'SHAC' },
] as const;

export const SEALS = [
  'Intendente Municipal',
  'Directora de Obras Particulares',
  'Agente de Obras Particulares',
  'Directora de Rentas',
  'Jefa de Mesa de Entradas',
  'Agente de Mesa de Entradas',
] as const;

type SectorAcronym = (typeof SECTORS)[number]['acronym'];

export interface DemoUser {
  key: string;
  fullName: string;
  email: string;
  role: 'director' | 'empleado';
  isAdmin: boolean;
  seal: (typeof SEALS)[number];
  cuit: string;
  sectors: { acronym: SectorAcronym; canEdit: boolean; isPrimary: boolean }[];
}

export const USERS: DemoUser[] = [
  {
    key: 'intendente',
    fullName: 'Martín Álvarez',
    email: 'martin.alvarez@villaesperanza.gob.ar',
    role: 'director',
    isAdmin: true,
    seal: 'Intendente Municipal',
    cuit: '20-20111222-3',
    sectors: [{ acronym: 'INTEN', canEdit: true, isPrimary: true }],
  },
  {
    key: 'directora-obras',
    fullName: 'Lucía Fernández',
    email: 'lucia.fernandez@villaesperanza.gob.ar',
    role: 'director',
    isAdmin: false,
    seal: 'Directora de Obras Particulares',
    cuit: '27-25333444-5',
    // Belongs to two sectors: edits in Obras Particulares, reads Mesa de Entradas.
    sectors: [
      { acronym: 'DOP', canEdit: true, isPrimary: true },
      { acronym: 'MESA', canEdit: false, isPrimary: false },
    ],
  },
  {
    key: 'agente-obras',
    fullName: 'Jorge Peña',
    email: 'jorge.pena@villaesperanza.gob.ar',
    role: 'empleado',
    isAdmin: false,
    seal: 'Agente de Obras Particulares',
    cuit: '20-30555666-7',
    sectors: [{ acronym: 'DOP', canEdit: true, isPrimary: true }],
  },
  {
    key: 'directora-rentas',
    fullName: 'María José Núñez',
    email: 'mariajose.nunez@villaesperanza.gob.ar',
    role: 'director',
    isAdmin: false,
    seal: 'Directora de Rentas',
    cuit: '27-28777888-9',
    sectors: [{ acronym: 'RENT', canEdit: true, isPrimary: true }],
  },
  {
    key: 'jefa-mesa',
    fullName: 'Sofía Ibáñez',
    email: 'sofia.ibanez@villaesperanza.gob.ar',
    role: 'director',
    isAdmin: false,
    seal: 'Jefa de Mesa de Entradas',
    cuit: '27-31999000-1',
    sectors: [
      { acronym: 'MESA', canEdit: true, isPrimary: true },
      { acronym: 'RENT', canEdit: true, isPrimary: false },
    ],
  },
  {
    key: 'agente-mesa',
    fullName: 'Carlos Gómez',
    email: 'carlos.gomez@villaesperanza.gob.ar',
    role: 'empleado',
    isAdmin: false,
    seal: 'Agente de Mesa de Entradas',
    cuit: '20-33222111-0',
    sectors: [{ acronym: 'MESA', canEdit: true, isPrimary: true }],
  },
];

export const CASE_TEMPLATES = [
  {
    acronym: 'HABCOM',
    name: 'Habilitación comercial',
    description: 'Solicitud de habilitación de un local comercial',
    department: 'SGOB',
  },
  {
    acronym: 'PEROB',
    name: 'Permiso de obra',
    description: 'Permiso de construcción, ampliación o demolición',
    department: 'SOP',
  },
  { acronym: 'RECVEC', name: 'Reclamo vecinal', description: 'Reclamo o pedido de un vecino', department: 'SGOB' },
  {
    acronym: 'EXTAS',
    name: 'Exención de tasas',
    description: 'Solicitud de exención de tasas municipales',
    department: 'SHAC',
  },
] as const;

const ARQ_STATES = ['Activo', 'Inactivo', 'Suspendido', 'Archivado'];

/** A data_schema field (spec "Registry family"); `options` only for type `select`. */
const field = (
  label: string,
  type: 'text' | 'number' | 'date' | 'boolean' | 'select' | 'file',
  flags: {
    required?: boolean;
    expiration?: boolean;
    verification?: boolean;
    document?: boolean;
    options?: string[];
  } = {},
) => ({
  label,
  type,
  required: flags.required ?? false,
  has_expiration: flags.expiration ?? false,
  has_verification: flags.verification ?? false,
  has_document: flags.document ?? false,
  ...(flags.options ? { options: flags.options } : {}),
});

/**
 * Registry families. Permissions per sector are chosen so each rule shows: on ARQ, Intendencia
 * only views, Rentas edits but cannot verify or create, Mesa de Entradas creates but cannot edit;
 * LUM is invisible to Mesa de Entradas and Rentas.
 */
export const REGISTRY_FAMILIES = [
  {
    code: 'ARQ',
    name: 'Registro de Arquitectos',
    description: 'Profesionales matriculados habilitados para presentar planos',
    allowedStates: ARQ_STATES,
    dataSchema: {
      matricula: field('Matrícula', 'text', { required: true, verification: true }),
      titulo: field('Título habilitante', 'text', { required: true, verification: true, document: true }),
      seguro: field('Seguro de responsabilidad civil', 'file', {
        expiration: true,
        verification: true,
        document: true,
      }),
      especialidad: field('Especialidad', 'select', {
        options: ['Arquitectura', 'Ingeniería civil', 'Maestro mayor de obras'],
      }),
      telefono: field('Teléfono', 'text'),
    },
    permissions: {
      DOP: { create: true, edit: true, view: true, verify: true },
      MESA: { create: true, edit: false, view: true, verify: false },
      RENT: { create: false, edit: true, view: true, verify: false },
      INTEN: { create: false, edit: false, view: true, verify: false },
    },
  },
  {
    code: 'LUM',
    name: 'Registro de Luminarias',
    description: 'Luminarias del alumbrado público',
    allowedStates: ['Activo', 'Inactivo', 'En reparación', 'Archivado'],
    dataSchema: {
      ubicacion: field('Ubicación', 'text', { required: true }),
      potencia: field('Potencia (W)', 'number'),
      estado: field('Estado de la luminaria', 'select', { options: ['Funcionando', 'Apagada', 'Dañada'] }),
      fecha_instalacion: field('Fecha de instalación', 'date'),
      led: field('Tecnología LED', 'boolean'),
      certificado: field('Certificado de instalación', 'file', {
        expiration: true,
        verification: true,
        document: true,
      }),
    },
    permissions: {
      DOP: { create: true, edit: true, view: true, verify: true },
      INTEN: { create: false, edit: false, view: true, verify: false },
    },
  },
  {
    code: 'ORD',
    name: 'Registro de Ordenanzas',
    description: 'Ordenanzas municipales sancionadas',
    allowedStates: ['Vigente', 'Derogada', 'Archivado'],
    dataSchema: {
      numero: field('Número de ordenanza', 'number', { required: true }),
      fecha_sancion: field('Fecha de sanción', 'date', { required: true }),
      texto: field('Texto', 'text'),
      documento: field('Ordenanza promulgada', 'file', { verification: true, document: true }),
    },
    permissions: {
      INTEN: { create: true, edit: true, view: true, verify: true },
      MESA: { create: false, edit: false, view: true, verify: false },
      DOP: { create: false, edit: false, view: true, verify: false },
      RENT: { create: false, edit: false, view: true, verify: false },
    },
  },
] as const;

export const DEMO_API_KEY_NAME = 'demo-integration';
