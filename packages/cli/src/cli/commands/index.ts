import type { Command } from 'commander';

/** A command adds itself, with its flags and action, to the program. */
export type RegisterCommand = (program: Command) => void;

/**
 * One line of the command table: what `plankeeper --help` lists, and how to load the command.
 * A command's module (and the SDKs, stores and servers it imports) is loaded only when that
 * command runs or shows its own help: `--version`, `--help` and `todos` load no model client,
 * MCP SDK or dashboard (test/cli/start-up-modules.test.ts).
 */
export interface CommandEntry {
  name: string;
  /** Its arguments as the top-level help shows them, e.g. `<agent>`. */
  args?: string;
  /** One line for the top-level help; the command's own `--help` gives its full description. */
  summary: string;
  load: () => Promise<RegisterCommand>;
}

export const commands: readonly CommandEntry[] = [
  {
    name: 'demo',
    summary: 'Watch an agent plan, search, get reminded and answer (no API key)',
    load: async () => (await import('./demo.js')).registerDemoCommand,
  },
  {
    name: 'run',
    summary: 'Replay a scripted model against the real harness',
    load: async () => (await import('./run.js')).registerRunCommand,
  },
  {
    name: 'chat',
    summary: 'Chat with a real model through the harness',
    load: async () => (await import('./chat.js')).registerChatCommand,
  },
  {
    name: 'todos',
    summary: 'List stored plans, show one with its history, or change it',
    load: async () => (await import('./todos.js')).registerTodosCommand,
  },
  {
    name: 'mcp',
    summary: 'Serve the plan tools over MCP (stdio, or Streamable HTTP)',
    load: async () => (await import('./mcp.js')).registerMcpCommand,
  },
  {
    name: 'acp',
    args: '-- <agent...>',
    summary: "Start an ACP agent for an editor, with plankeeper's plan in the editor's plan panel",
    load: async () => (await import('./acp.js')).registerAcpCommand,
  },
  {
    name: 'dashboard',
    summary: "Serve a live web view of every session's plan",
    load: async () => (await import('./dashboard.js')).registerDashboardCommand,
  },
  {
    name: 'eval',
    summary: 'Measure which guards catch which failure modes, and what each costs',
    load: async () => (await import('./eval.js')).registerEvalCommand,
  },
  {
    name: 'setup',
    args: '<agent>',
    summary: "Give a coding agent plankeeper: its MCP server and hooks in the agent's config",
    load: async () => (await import('./setup.js')).registerSetupCommand,
  },
  {
    name: 'hook',
    args: '<agent> <event>',
    summary: "Answer a coding agent's hook event (JSON on stdin); setup registers it",
    load: async () => (await import('./hook.js')).registerHookCommand,
  },
];

/**
 * The command `argv` (the arguments after the script) runs or asks help for: its first
 * word, or the word after `help`. Undefined for `--version`, `--help` or no command.
 */
export function invokedCommand(argv: readonly string[]): string | undefined {
  const words = argv.filter((arg) => !arg.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}
