/** `npm run temporal:install`: make sure the Temporal CLI exists (used by .ci/run to warm Go's cache). */
import { loadConfig } from '../config/index.js';
import { ensureTemporalCli } from './temporal-cli.js';

const cli = await ensureTemporalCli(loadConfig().temporal.cliPath, (line) => console.log(line));
console.log(
  cli ? `temporal CLI: ${cli}` : 'no Temporal CLI and no Go: the SDK will download its dev server on first start',
);
