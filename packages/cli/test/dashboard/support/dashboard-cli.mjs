// Runs `plankeeper dashboard` from source in its own process, as the CLI would:
//   node --import ./register-ts.mjs dashboard-cli.mjs [dashboard flags...]
import { Command } from 'commander';
import { CliError } from '../../../src/cli/cli-error.js';
import { registerDashboardCommand } from '../../../src/cli/commands/dashboard.js';

const program = new Command('plankeeper').exitOverride();
registerDashboardCommand(program);
try {
  await program.parseAsync(['node', 'plankeeper', 'dashboard', ...process.argv.slice(2)]);
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  process.stderr.write(`plankeeper: ${error.message}\n`);
  process.exitCode = error.exitCode;
}
