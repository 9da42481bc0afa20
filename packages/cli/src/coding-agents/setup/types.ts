/** What every agent's setup works from, and what it hands back: edits, never writes. */
import type { CodingAgentName } from '../agent-names.js';
import type { CheckFlags } from './check-values.js';
import type { SetupLaunch } from './launch-command.js';

/** The agents of agent-names.ts (SETUP_AGENTS in index.ts lists them). */
export type SetupAgent = CodingAgentName;

export interface SetupContext {
  agent: SetupAgent;
  /** The project directory, absolute. */
  dir: string;
  /**
   * The `--store` written into the commands, portable: a relative `sqlite:` path (resolved
   * against the agent's project directory at run time), `memory`, or a server URL without a
   * password. Absent: the run-time default (project-store.ts), or `privateStore`.
   */
  store?: string;
  /**
   * A store URL with credentials: never written into a file the project commits; the hooks and
   * server read it from $PLANKEEPER_STORE (set in the agent's personal settings where it has
   * them, else by the person).
   */
  privateStore?: string;
  /** The store as the report shows it (password masked, default relative to the project). */
  storeShown: string;
  /**
   * How the written commands start plankeeper, before its arguments: `plankeeper` (a global
   * install, found on PATH), `node node_modules/@plankeeper/cli/bin/plankeeper.js` (a project
   * devDependency, relative to the project), or this machine's node and bin (a checkout, or
   * `node`/`bin` given to setup).
   */
  launch: readonly string[];
  /** How this plankeeper is installed, which `launch` follows (setup/launch-command.ts). */
  installed: SetupLaunch;
  locale: 'en' | 'zh';
  /** A shared list every session of the agent works on (`--list NAME` on the server and hooks). */
  list?: string;
  /**
   * The plan kept in this Markdown file (`--plan-file PATH` on the server and hooks): relative
   * to the project directory, so the files stay portable.
   */
  planFile?: string;
  /** Most items the plan file may hold (`--max-items N` beside `--plan-file`). */
  maxItems?: number;
  /**
   * Hold the agent's other tools until a person approves the plan (`--approval`): once per
   * plan, or again whenever its steps change. Absent: no approval.
   */
  approval?: 'once' | 'on-change';
  /** A guard preset for the hooks (their nudge); absent: the hooks' defaults. */
  discipline?: 'light' | 'standard' | 'strict';
  /**
   * Absolute path of the node binary that runs plankeeper, for files only this person reads
   * (Codex's, in their home): no PATH lookup at hook time.
   */
  node: string;
  /** Absolute path of plankeeper's bin script. */
  bin: string;
  /** The person's home directory ($HOME), for agents that read config from there. */
  home: string;
  /** The environment setup runs in, for agents whose config folder a variable moves. */
  env: NodeJS.ProcessEnv;
  /** The MCP server's evidence rule (`--evidence`), when the person asked for one. */
  evidence?: 'warn' | 'enforce';
  /**
   * The person's check commands (`--verify`, repeatable), run in the project directory when the
   * model wants to answer after the workspace changed, and at a tagged or final completion.
   */
  checks?: CheckFlags;
  /**
   * What detect-checks.ts found in the project, for the report: taken (`--verify auto`), or
   * only suggested when no `--verify` was given. Absent: no detection ran (a removal, or
   * commands given).
   */
  foundChecks?: { auto: boolean; commands: readonly string[] };
  /**
   * What setup recorded writing into the file at `path` (in `.plankeeper/setup.json`), as the
   * agent's edits named it (FileEdit.owned): only these are setup's to change or take out.
   */
  owned: (path: string) => readonly string[];
  /** Whether the manifest says setup created the file at `path`. */
  created: (path: string) => boolean;
  /**
   * The other agents set up here that read the project's `.mcp.json` too (their descriptor's
   * `readsMcpJson`), with what each recorded writing into the file at `path`: the server
   * entry they share stays while one of them uses it (setup/shared-mcp-json.ts).
   */
  sharers: (path: string) => { agent: SetupAgent; owned: readonly string[] }[];
}

/**
 * `edited`: a file setup wrote, changed by the person since; `setting`: the person's own entry;
 * `unrecorded`: an entry setup writes, left because no record says setup added it;
 * `sharedWith`: the shared server's flags are another agent's setup's.
 */
export type KeptReason =
  | { edited: true }
  | { setting: string }
  | { unrecorded: string }
  | SharedServerFlags;

/**
 * `.mcp.json`'s shared server, written by `with`'s setup, differs from what this setup would
 * write in `flags`: the agent's tools run with `with`'s, its hooks with its own.
 */
export interface SharedServerFlags {
  sharedWith: SetupAgent;
  flags: string[];
}

/** One text edit (jsonc-parser's shape): `length` characters at `offset` become `content`. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** One file's planned change: `after` undefined means delete it. */
export interface FileEdit {
  path: string;
  before: string | undefined;
  after: string | undefined;
  /** Short descriptions of what was added or removed, for the report. */
  changes: string[];
  /** Left with nothing but what the user had before setup ever ran, i.e. nothing: deletable. */
  empty?: boolean;
  /** What setup owns in the file after this edit (recorded for the next run); absent: nothing. */
  owned?: string[];
  /**
   * Still used by another project set up (Codex's files in the home): a removal leaves it as
   * `after` says, never stepping it back to the bytes from before setup.
   */
  shared?: boolean;
  /**
   * A removal left a shared entry in the file for this other agent: the file's way back (and
   * setup's having created it) passes to that agent's record.
   */
  keptFor?: SetupAgent;
  /** Steps that turn `after` back into `before` exactly, applied last first. */
  undo?: TextEdit[][];
  /** What setup left alone because it is or may be the person's, for the report. */
  kept?: KeptReason[];
}

/** A config file setup cannot read; nothing is written when one turns up. */
export class SetupConfigError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'SetupConfigError';
  }
}

/** Reads a file's text, or undefined when it does not exist. */
export type ReadText = (path: string) => string | undefined;
