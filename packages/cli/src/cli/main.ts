/**
 * The `plankeeper` command line. Each command lives in commands/ and registers itself
 * on the program; this file only assembles them and turns errors into exit codes.
 *
 * Only the command being run is loaded: the others are listed for the help by their line in
 * the command table. Loading every command (and with them the model clients, the MCP SDK,
 * the dashboard and the core) took most of a second on every call, `--version` included.
 * For the same reason the core is imported here only when an error needs classifying.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { exitQuietlyOnBrokenPipe } from './broken-pipe.js';
import { type CommandEntry, commands, invokedCommand } from './commands/index.js';
import { EXIT } from './exit-codes.js';

// The bin hands `plankeeper mcp` the streams of its early answers through the loaded main.
export { useMcpStdio } from './mcp-stdio.js';

function packageVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

/**
 * The program for `argv`: the command it runs (or asks help for) registered in full, every
 * other one by its table line, enough for the command list and "did you mean".
 */
export async function createProgram(argv: readonly string[]): Promise<Command> {
  const program = new Command('plankeeper')
    .description('Keep LLM agents on plan: todo tools, plan injection, reminders and checks.')
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ subcommandTerm: (command) => termOf(command) })
    .exitOverride();
  const invoked = invokedCommand(argv.slice(2));
  for (const entry of commands) {
    if (entry.name === invoked) (await entry.load())(program);
    else {
      const listed = program.command(entry.name).summary(entry.summary);
      if (entry.args !== undefined) listed.arguments(entry.args);
    }
  }
  return program;
}

/** `todos [options]`, `setup [options] <agent>`: the same whether a command is loaded or listed. */
function termOf(command: Command): string {
  const entry: CommandEntry | undefined = commands.find((one) => one.name === command.name());
  if (entry === undefined) {
    const args = command.registeredArguments.map((arg) =>
      arg.required ? `<${arg.name()}>` : `[${arg.name()}]`,
    );
    return [command.name(), ...args].join(' ');
  }
  return [entry.name, '[options]', ...(entry.args === undefined ? [] : [entry.args])].join(' ');
}

export async function main(argv: readonly string[] = process.argv): Promise<number> {
  exitQuietlyOnBrokenPipe();
  try {
    const program = await createProgram(argv);
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version arrive here too, with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const [{ PlankeeperError }, { isConnectionFailure }, { CliError }, { inFlagTerms }] =
      await Promise.all([
        import('plankeeper'),
        import('plankeeper/stores'),
        import('./cli-error.js'),
        import('./flag-wording.js'),
      ]);
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
