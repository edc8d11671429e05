/**
 * `npm run calendar -- <command> ...`: a municipality's business-day calendar from the operator's
 * console (domain/business-days.ts). Municipal days added here are recorded as "cli:<os user>".
 * Human-readable output; `--json` for scripts.
 *
 *   calendar -- list   --tenant <schema> [--year YYYY]     (national holidays and municipal days; the current year by default)
 *   calendar -- add    --tenant <schema> --date YYYY-MM-DD --description "<text>"
 *   calendar -- remove --tenant <schema> --date YYYY-MM-DD
 */
import { loadConfig } from '../config/index.js';
import { cliActor } from '../domain/api-keys/index.js';
import { addMunicipalDay, listNonWorkingDays, parseCalendarYear, removeMunicipalDay } from '../domain/business-days.js';
import { localDate } from '../domain/calendar.js';
import { checkMaxLength } from '../domain/limits.js';
import { createDb, type Db } from '../db/connection.js';
import { migrateControl } from '../db/migrate.js';
import { tenantDb } from '../db/tenancy.js';
import { cliDatabaseUrl } from './database-url.js';
import { parseArgs } from 'node:util';
import { TENANT_FLAGS, commandOf, tenantNamed } from './command-line.js';
import { UsageError, runCommand } from './operator-errors.js';

const COMMANDS = ['list', 'add', 'remove'] as const;
type Command = (typeof COMMANDS)[number];

/** As the backend route accepts (api/backend/calendar.ts). */
const DESCRIPTION_MAX = 200;

const usage = `usage:
  npm run calendar -- list   --tenant <schema> [--year YYYY] [--json]
  npm run calendar -- add    --tenant <schema> --date YYYY-MM-DD --description "<text>" [--json]
  npm run calendar -- remove --tenant <schema> --date YYYY-MM-DD [--json]`;

function parse(argv: string[]) {
  const { command, flags } = commandOf(argv, COMMANDS, usage);
  const options = {
    ...TENANT_FLAGS,
    year: { type: 'string' },
    date: { type: 'string' },
    description: { type: 'string' },
  } as const;
  return { command, values: parseArgs({ args: flags, options }).values };
}

function required(value: string | undefined, flag: string): string {
  if (!value?.trim()) throw new UsageError(`${flag} is required\n${usage}`);
  return value.trim();
}

async function run(
  db: Db,
  timeZone: string,
  command: Command,
  values: ReturnType<typeof parse>['values'],
): Promise<{ human: string; json: unknown }> {
  const tdb = tenantDb(db, await tenantNamed(db, values.tenant, usage));
  switch (command) {
    case 'list': {
      const year = values.year === undefined ? localDate(timeZone).year : parseCalendarYear(values.year);
      const days = await listNonWorkingDays(tdb, year);
      const human =
        days.length === 0
          ? `no non-working days in ${year} besides weekends`
          : [
              `non-working days of ${tdb.tenant.schema} in ${year} (weekends aside):`,
              ...days.map((d) => `${d.date}  ${d.source.padEnd(9)}  ${d.name}`),
            ].join('\n');
      return { human, json: { year, items: days } };
    }
    case 'add': {
      const description = checkMaxLength(required(values.description, '--description'), 'description', DESCRIPTION_MAX);
      const day = await addMunicipalDay(tdb, {
        date: required(values.date, '--date'),
        description,
        createdBy: cliActor().label,
      });
      return {
        human: `added municipal non-working day ${day.date} (${day.description}) to ${tdb.tenant.schema}`,
        json: day,
      };
    }
    case 'remove': {
      const day = await removeMunicipalDay(tdb, required(values.date, '--date'));
      return {
        human: `removed municipal non-working day ${day.date} (${day.description}) from ${tdb.tenant.schema}`,
        json: day,
      };
    }
  }
}

async function main(): Promise<void> {
  const { command, values } = parse(process.argv.slice(2));
  const config = loadConfig();
  const db = createDb(await cliDatabaseUrl(config), { poolMax: 2, applicationName: 'expediente-cli' });
  try {
    await migrateControl(db);
    const { human, json } = await run(db, config.timeZone, command, values);
    console.log(values.json ? JSON.stringify(json, null, 2) : human);
  } finally {
    await db.destroy();
  }
}

runCommand(main);
