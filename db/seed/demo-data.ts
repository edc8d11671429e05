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
    key: 'intendente', fullName: 'Martín Álvarez', email: 'martin.alvarez@villaesperanza.gob.ar', role: 'director', isAdmin: true,
    seal: 'Intendente Municipal', cuit: '20-20111222-3',
    sectors: [{ acronym: 'INTEN', canEdit: true, isPrimary: true }],
  },
  {
    key: 'directora-obras', fullName: 'Lucía Fernández', email: 'lucia.fernandez@villaesperanza.gob.ar', role: 'director', isAdmin: false,
    seal: 'Directora de Obras Particulares', cuit: '27-25333444-5',
    // Belongs to two sectors: edits in Obras Particulares, reads Mesa de Entradas.
    sectors: [
      { acronym: 'DOP', canEdit: true, isPrimary: true },
      { acronym: 'MESA', canEdit: false, isPrimary: false },
    ],
  },
  {
    key: 'agente-obras', fullName: 'Jorge Peña', email: 'jorge.pena@villaesperanza.gob.ar', role: 'empleado', isAdmin: false,
    seal: 'Agente de Obras Particulares', cuit: '20-30555666-7',
    sectors: [{ acronym: 'DOP', canEdit: true, isPrimary: true }],
  },
  {
    key: 'directora-rentas', fullName: 'María José Núñez', email: 'mariajose.nunez@villaesperanza.gob.ar', role: 'director', isAdmin: false,
    seal: 'Directora de Rentas', cuit: '27-28777888-9',
    sectors: [{ acronym: 'RENT', canEdit: true, isPrimary: true }],
  },
  {
    key: 'jefa-mesa', fullName: 'Sofía Ibáñez', email: 'sofia.ibanez@villaesperanza.gob.ar', role: 'director', isAdmin: false,
    seal: 'Jefa de Mesa de Entradas', cuit: '27-31999000-1',
    sectors: [
      { acronym: 'MESA', canEdit: true, isPrimary: true },
      { acronym: 'RENT', canEdit: true, isPrimary: false },
    ],
  },
  {
    key: 'agente-mesa', fullName: 'Carlos Gómez', email: 'carlos.gomez@villaesperanza.gob.ar', role: 'empleado', isAdmin: false,
    seal: 'Agente de Mesa de Entradas', cuit: '20-33222111-0',
    sectors: [{ acronym: 'MESA', canEdit: true, isPrimary: true }],
  },
];


export const CASE_TEMPLATES = [
  { acronym: 'HABCOM', name: 'Habilitación comercial', description: 'Solicitud de habilitación de un local comercial', department: 'SGOB' },
  { acronym: 'PEROB', name: 'Permiso de obra', description: 'Permiso de construcción, ampliación o demolición', department: 'SOP' },
  { acronym: 'RECVEC', name: 'Reclamo vecinal', description: 'Reclamo o pedido de un vecino', department: 'SGOB' },
  { acronym: 'EXTAS', name: 'Exención de tasas', description: 'Solicitud de exención de tasas municipales', department: 'SHAC' },
] as const;

const ARQ_STATES = ['Activo', 'Inactivo', 'Suspendido', 'Archivado'];

export const REGISTRY_FAMILIES = [
  {
    code: 'ARQ', name: 'Registro de Arquitectos', description: 'Profesionales matriculados habilitados para presentar planos',
    allowedStates: ARQ_STATES,
    dataSchema: {
      matricula: { label: 'Matrícula', type: 'text', required: true, has_expiration: false, has_verification: true, has_document: false },
      titulo: { label: 'Título habilitante', type: 'file', required: true, has_expiration: false, has_verification: true, has_document: true },
      seguro: { label: 'Seguro de responsabilidad civil', type: 'file', required: false, has_expiration: true, has_verification: true, has_document: true },
      telefono: { label: 'Teléfono', type: 'text', required: false, has_expiration: false, has_verification: false, has_document: false },
    },
    permissions: {
      DOP: { create: true, edit: true, view: true, verify: true },
      MESA: { create: true, edit: false, view: true, verify: false },
      INTEN: { create: false, edit: false, view: true, verify: false },
    },
  },
  {
    code: 'LUM', name: 'Registro de Luminarias', description: 'Luminarias del alumbrado público',
    allowedStates: ['Activo', 'Inactivo', 'En reparación', 'Archivado'],
    dataSchema: {
      ubicacion: { label: 'Ubicación', type: 'text', required: true, has_expiration: false, has_verification: false, has_document: false },
      potencia: { label: 'Potencia (W)', type: 'text', required: false, has_expiration: false, has_verification: false, has_document: false },
      certificado: { label: 'Certificado de instalación', type: 'file', required: false, has_expiration: true, has_verification: true, has_document: true },
    },
    permissions: {
      DOP: { create: true, edit: true, view: true, verify: true },
      INTEN: { create: false, edit: false, view: true, verify: false },
    },
  },
  {
    code: 'ORD', name: 'Registro de Ordenanzas', description: 'Ordenanzas municipales sancionadas',
    allowedStates: ['Vigente', 'Derogada', 'Archivado'],
    dataSchema: {
      numero: { label: 'Número de ordenanza', type: 'text', required: true, has_expiration: false, has_verification: false, has_document: false },
      tema: { label: 'Tema', type: 'text', required: false, has_expiration: false, has_verification: false, has_document: false },
      texto: { label: 'Texto promulgado', type: 'file', required: false, has_expiration: false, has_verification: true, has_document: true },
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
