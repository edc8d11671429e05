/**
 * The two onboarding CSVs, read into rows with every problem tied to its file and line, so an
 * operator fixes a whole file in one pass. Nothing here touches the database.
 *
 * sectors.csv: department_acronym, department_name, acronym, name
 * users.csv:   email, full_name, role, sector, edit_sectors, view_sectors, cuit, is_admin, seal
 *   sector is the primary sector (view and edit); edit_sectors / view_sectors list more sector
 *   acronyms separated by ";".
 */
import { parse } from 'csv-parse/sync';
import { EMAIL_PATTERN } from '../users/provisioning.js';

export interface Problem {
  file: string;
  line: number;
  message: string;
}

export interface SectorRow {
  line: number;
  departmentAcronym: string;
  departmentName: string;
  acronym: string;
  name: string;
}

export interface UserRow {
  line: number;
  email: string;
  fullName: string;
  role: 'director' | 'empleado';
  cuit: string | null;
  isAdmin: boolean;
  seal: string | null;
  /** acronym → grant; the primary sector first. */
  sectors: { acronym: string; canEdit: boolean; isPrimary: boolean }[];
}

// Acronyms end up in official numbers (IF-2026-00000001-MVE-DOP): upper-case letters and digits.
const ACRONYM = /^[A-Z][A-Z0-9]{1,15}$/;
const CUIT = /^(\d{2})-?(\d{8})-?(\d)$/;
const SECTOR_COLUMNS = ['department_acronym', 'department_name', 'acronym', 'name'];
const USER_COLUMNS = [
  'email',
  'full_name',
  'role',
  'sector',
  'edit_sectors',
  'view_sectors',
  'cuit',
  'is_admin',
  'seal',
];

interface Raw {
  line: number;
  values: Record<string, string>;
}

function readCsv(file: string, text: string, required: string[], known: string[], problems: Problem[]): Raw[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      columns: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
      relax_column_count: false,
    }) as never;
  } catch (err) {
    problems.push({
      file,
      line: Number((err as { lines?: number }).lines ?? 0),
      message: `unreadable CSV: ${(err as Error).message}`,
    });
    return [];
  }
  const header = records[0] ? Object.keys(records[0].record) : [];
  if (!records.length) {
    problems.push({ file, line: 1, message: `no rows (expected a header: ${known.join(',')})` });
    return [];
  }
  const missing = required.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => !known.includes(c));
  if (missing.length) problems.push({ file, line: 1, message: `missing column(s): ${missing.join(', ')}` });
  if (unknown.length)
    problems.push({ file, line: 1, message: `unknown column(s): ${unknown.join(', ')} (known: ${known.join(', ')})` });
  if (missing.length || unknown.length) return [];
  return records.map((r) => ({ line: r.info.lines, values: r.record }));
}

export function parseSectors(file: string, text: string, problems: Problem[]): SectorRow[] {
  const rows: SectorRow[] = [];
  const departmentNames = new Map<string, { name: string; line: number }>();
  const seen = new Map<string, number>();
  for (const { line, values } of readCsv(file, text, SECTOR_COLUMNS, SECTOR_COLUMNS, problems)) {
    let ok = true;
    const fail = (message: string) => {
      problems.push({ file, line, message });
      ok = false;
    };
    const row: SectorRow = {
      line,
      departmentAcronym: values.department_acronym!.toUpperCase(),
      departmentName: values.department_name!,
      acronym: values.acronym!.toUpperCase(),
      name: values.name!,
    };
    if (!ACRONYM.test(row.acronym))
      fail(`sector acronym "${values.acronym}" must be 2-16 letters or digits, starting with a letter`);
    if (!row.name) fail('sector name is empty');
    if (!ACRONYM.test(row.departmentAcronym))
      fail(`department acronym "${values.department_acronym}" must be 2-16 letters or digits, starting with a letter`);
    if (!row.departmentName) fail('department name is empty');
    const dup = seen.get(row.acronym);
    if (dup !== undefined) fail(`sector ${row.acronym} already appears on line ${dup}`);
    const dept = departmentNames.get(row.departmentAcronym);
    if (dept && dept.name !== row.departmentName)
      fail(`department ${row.departmentAcronym} is named "${dept.name}" on line ${dept.line}`);
    if (!ok) continue;
    seen.set(row.acronym, line);
    if (!dept) departmentNames.set(row.departmentAcronym, { name: row.departmentName, line });
    rows.push(row);
  }
  return rows;
}

function acronymList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(';')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

function yesNo(raw: string | undefined): boolean | undefined {
  const v = (raw ?? '').toLowerCase();
  if (['', 'no', 'false', '0', 'n'].includes(v)) return false;
  if (['si', 'sí', 'yes', 'true', '1', 's', 'y'].includes(v)) return true;
  return undefined;
}

export function parseUsers(file: string, text: string, problems: Problem[]): UserRow[] {
  const rows: UserRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of readCsv(
    file,
    text,
    ['email', 'full_name', 'role', 'sector'],
    USER_COLUMNS,
    problems,
  )) {
    let ok = true;
    const fail = (message: string) => {
      problems.push({ file, line, message });
      ok = false;
    };
    const email = values.email!.toLowerCase();
    if (!EMAIL_PATTERN.test(email)) fail(`email "${values.email}" is not an email address`);
    const dup = seen.get(email);
    if (dup !== undefined) fail(`${email} already appears on line ${dup}`);
    if (!values.full_name) fail('full_name is empty');
    const role = values.role!.toLowerCase();
    if (role !== 'director' && role !== 'empleado') fail(`role "${values.role}" must be director or empleado`);
    const cuitMatch = values.cuit ? CUIT.exec(values.cuit) : null;
    if (values.cuit && !cuitMatch) fail(`cuit "${values.cuit}" must be 11 digits (20-12345678-9)`);
    const isAdmin = yesNo(values.is_admin);
    if (isAdmin === undefined) fail(`is_admin "${values.is_admin}" must be si/no (or true/false)`);
    const primary = values.sector!.toUpperCase();
    if (!primary) fail('sector (the primary sector) is empty');
    const edit = acronymList(values.edit_sectors);
    const view = acronymList(values.view_sectors);
    const sectors = [{ acronym: primary, canEdit: true, isPrimary: true }];
    for (const [list, canEdit] of [
      [edit, true],
      [view, false],
    ] as const) {
      for (const acronym of list) {
        if (sectors.some((s) => s.acronym === acronym)) fail(`sector ${acronym} is listed twice for this user`);
        else sectors.push({ acronym, canEdit, isPrimary: false });
      }
    }
    if (!ok) continue;
    seen.set(email, line);
    rows.push({
      line,
      email,
      fullName: values.full_name!,
      role: role as UserRow['role'],
      cuit: cuitMatch ? `${cuitMatch[1]}-${cuitMatch[2]}-${cuitMatch[3]}` : null,
      isAdmin: isAdmin!,
      seal: values.seal || null,
      sectors,
    });
  }
  return rows;
}
