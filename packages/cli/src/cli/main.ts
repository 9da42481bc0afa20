/**
 * The `plankeeper` command line. Each command lives in commands/ and registers itself
 * on the program; this file only assembles them and turns errors into exit codes.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { PlankeeperError } from 'plankeeper';
import { isConnectionFailure } from 'plankeeper/stores';
import { exitQuietlyOnBrokenPipe } from './broken-pipe.js';
import { CliError } from './cli-error.js';
import { commands } from './commands/index.js';
import { EXIT } from './exit-codes.js';
import { inFlagTerms } from './flag-wording.js';

function packageVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

export function createProgram(): Command {
  const program = new Command('plankeeper')
    .description('Keep LLM agents on plan: todo tools, plan injection, reminders and checks.')
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const register of commands) register(program);
  return program;
}

export async function main(argv: readonly string[] = process.argv): Promise<number> {
  exitQuietlyOnBrokenPipe();
  const program = createProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version arrive here too, with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (CliError.isInstance(error)) {
      process.stderr.write(`plankeeper: ${inFlagTerms(error.message)}\n`);
      return error.exitCode;
    }
    if (PlankeeperError.isInstance(error)) {
      process.stderr.write(`plankeeper: ${inFlagTerms(error.message)}\n`);
      return EXIT.runFailed;
    }
    if (isConnectionFailure(error)) {
      // A server (usually the plan store's) went away mid-run: not a bug, so no stack trace.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(
        `plankeeper: a connection failed (${message}). Check that the plan store's server is running, then run the command again.\n`,
      );
      return EXIT.runFailed;
    }
    throw error;
  }
}
