/**
 * What plankeeper knows of one coding agent, in one place: its hook format, how its MCP server
 * keys plans, what `setup` writes into its config, and what the person still has to do. Each
 * agent is a folder with an `index.ts` exporting one of these; registry.ts lists them, and
 * `setup`, `hook`, `mcp --for`, the bin's fail-open answer and the README's table derive from
 * that list. docs/adding-a-coding-agent.md says how to add one.
 *
 * @example
 * export const myAgent: CodingAgentDescriptor<'my-agent'> = {
 *   name: 'my-agent',
 *   title: 'My Agent',
 *   events: ['SessionStart', 'Stop'],
 *   planToolName: 'mcp__plankeeper__todo_write',
 *   hook: myAgentAdapter,
 *   mcpKeying: (env) => ({ agent: 'my-agent', session: env.MY_AGENT_SESSION }),
 *   setup: myAgentEdits,
 *   notes: { en: () => ['Trust the folder.'], zh: () => ['信任此文件夹。'] },
 * };
 */
import type { PlanEngine, PlanKey } from 'plankeeper';
import type { ToolCallInfo } from 'plankeeper/mcp';
import type { HookAdapter, KeyedEvent } from './hook-adapter.js';
import type { FileEdit, ReadText, SetupContext } from './setup/types.js';

/** The host tool of `plankeeper mcp --for <agent>` that an agent's hooks call (mcpHookInput). */
export const MCP_HOOK_TOOL = 'hook';

/**
 * How `plankeeper mcp --for <agent>` keys the plans of its calls: by the agent's own session
 * (the server's `session`, or per call), never by the model's arguments.
 */
export interface McpKeying {
  agent: string;
  session?: string;
  keyForCall?: (call: ToolCallInfo) => PlanKey | undefined | Promise<PlanKey | undefined>;
  /** Arguments the agent (not the model) adds to each call, dropped before the tool sees them. */
  ignoredArguments?: readonly string[];
}

export interface CodingAgentDescriptor<Name extends string = string> {
  /** What `setup <agent>`, `hook <agent>` and `mcp --for <agent>` take; the plan key's agent. */
  readonly name: Name;
  /** The agent's own name, for people (the README's table). */
  readonly title: string;
  /** Every hook event setup may register (with every option on); `hook` parses each. */
  readonly events: readonly string[];
  /**
   * The variable the agent sets to its project directory for hooks (and MCP servers), where it
   * sets one; the store's default and a relative `sqlite:` path resolve against it at run time
   * (project-store.ts). Absent: the working directory the agent gives the process.
   */
  readonly projectDirEnv?: string;
  /**
   * Where setup puts what is this person's alone (a store URL with a password, this machine's
   * paths): `true` when the agent's config setup writes is personal already (Codex's, in the
   * home), or setup writes it into the agent's personal settings (Claude Code's
   * settings.local.json); else the report asks the person to set PLANKEEPER_STORE.
   */
  readonly keepsPrivateStore?: boolean;
  /**
   * Whether the agent reads the project's `.mcp.json` (Claude Code, Copilot CLI): the server
   * entry there is shared by every such agent set up (setup/shared-mcp-json.ts).
   */
  readonly readsMcpJson?: boolean;
  /**
   * Whether this agent started the current process (an MCP server), from the environment it
   * gives its servers: a shared `.mcp.json` entry names one agent, and the server keys plans
   * by the agent that really started it (mcp-keying.ts).
   */
  startedBy?(env: NodeJS.ProcessEnv): boolean;
  /** Whether setup writes only into the person's home (Codex): nothing there is shared. */
  readonly configInHome?: boolean;
  /** What the model sees as plankeeper's `todo_write` inside the agent. */
  readonly planToolName: string;
  /** Turns the agent's hook input into neutral events, and neutral answers into its output. */
  readonly hook: HookAdapter;
  /** The keying of `plankeeper mcp --for <agent>`, started by the agent (`parentPid`: its process). */
  mcpKeying(env: NodeJS.ProcessEnv, engine: PlanEngine, parentPid: number): McpKeying;
  /** The edits `setup` makes to the agent's config (or takes out, with `remove`): plans, never writes. */
  setup(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[];
  /** What the person still has to do after setup, by language. */
  readonly notes: Readonly<Record<'en' | 'zh', (ctx: SetupContext) => string[]>>;
  /**
   * Work a hook call does for the agent's other processes beside the discipline, on an event
   * with its plan key (Gemini CLI: which session its CLI process runs, for the MCP server).
   */
  onEvent?(engine: PlanEngine, keyed: KeyedEvent): Promise<void>;
  /**
   * For an agent whose hooks can call its MCP server (Claude Code's `mcp_tool` hooks call the
   * host tool `hook` of `plankeeper mcp --for <agent>`): the event and hook input of one such
   * call; undefined for arguments that name none.
   */
  mcpHookInput?(
    args: Record<string, unknown>,
  ): { event: string; input: Record<string, unknown> } | undefined;
}
