/**
 * Which way Copilot CLI reaches plankeeper's hooks. Copilot 1.0.102 runs a project's
 * extensions (`.github/extensions/<name>/extension.mjs`, one process per session) only with
 * its experimental EXTENSIONS feature on, which its environment turns on
 * (`COPILOT_CLI_ENABLED_FEATURE_FLAGS=EXTENSIONS`); a `copilot -p` run also needs
 * `GITHUB_COPILOT_PROMPT_MODE_EXTENSIONS=true`, and an extension that registers hooks needs the
 * person's approval (asked once; in `-p`, only `--allow-all-tools` gives it). Without the feature, an extension is never
 * loaded and plankeeper would be silently absent: then every event keeps a hook process of
 * its own. Setup decides from the environment it runs in, the person's.
 */
export type CopilotRoute = 'extension' | 'hooks';

const FLAGS = 'COPILOT_CLI_ENABLED_FEATURE_FLAGS';

export function copilotRoute(env: NodeJS.ProcessEnv): CopilotRoute {
  const flags = (env[FLAGS] ?? '').split(',').map((flag) => flag.trim());
  return flags.includes('EXTENSIONS') ? 'extension' : 'hooks';
}

/**
 * The events the extension answers; permissionRequest and preCompact have no extension hook
 * and stay in the hooks file (plankeeper's own tool calls and a compaction only).
 */
export const HOOK_FILE_EVENTS: ReadonlySet<string> = new Set(['permissionRequest', 'preCompact']);
