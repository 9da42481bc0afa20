/**
 * What the executor needs of one coding agent: how it is installed, where its real endpoint is by
 * default, and how one run of it is set up in an isolated home (its config pointing at the
 * counting proxy) and started non-interactively with every tool allowed in the workspace.
 */
import type { CodingAgentName } from '../../coding-agents/agent-names.js';

/** One run's place: the workspace, a fresh home for the CLI, and where the proxy is. */
export interface AgentRunPlace {
  readonly workspace: string;
  /** HOME for the CLI (and every config folder inside it); nothing of the person's. */
  readonly home: string;
  /** The counting proxy's base URL for this run (it forwards to the real endpoint). */
  readonly baseUrl: string;
  /** The model name, without a `provider:` prefix. */
  readonly model: string;
  readonly apiKey: string;
  readonly prompt: string;
}

/** The command line and variables of one run, after the agent wrote its config into `home`. */
export interface AgentLaunch {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

export interface AgentSpec {
  readonly name: CodingAgentName;
  /** The command on PATH. */
  readonly command: string;
  /** How a person installs it, for the one-line error when it is missing. */
  readonly install: string;
  /** The endpoint when no `--base-url` is given. */
  readonly defaultBaseUrl: string;
  /** Variables a person's key is read from when no `--api-key` is given, in order. */
  readonly keyVariables: readonly string[];
  /** Writes the agent's user config into `place.home`; runs before `plankeeper setup`. */
  prepare(place: AgentRunPlace): AgentLaunch;
}
