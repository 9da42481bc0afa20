/**
 * Hook recording for the real Gemini CLI: settings that register `hook-dump.mjs` for every
 * hook event, reading back what each call received, and turning a recording into a fixture
 * (temp paths and ids scrubbed, field names and shapes kept exactly).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scrubPaths } from '../../../support/sandbox-env.js';
import { type JsonObject, PLANKEEPER_BIN, REPO_ROOT, SUPPORT_DIR } from './gemini-runner.js';

/** Every hook event of Gemini CLI 0.61 (`HookEventName` in its core bundle). */
export const GEMINI_HOOK_EVENTS = [
  'SessionStart',
  'SessionEnd',
  'BeforeAgent',
  'AfterAgent',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
  'BeforeTool',
  'AfterTool',
  'PreCompress',
  'Notification',
] as const;
export type GeminiHookEvent = (typeof GEMINI_HOOK_EVENTS)[number];

/** One hook call as `hook-dump.mjs` saw it. */
export interface HookDump {
  /** The event JSON the CLI wrote to the hook's stdin. */
  input: JsonObject & { session_id?: string; hook_event_name?: string };
  /** The GEMINI_* (and CLAUDE_PROJECT_DIR) variables the hook got. */
  env: Record<string, string>;
  /** Names of all variables in the hook's environment. */
  envNames: string[];
  ppid: number;
  cwd: string;
}

export const HOOK_DUMP_SCRIPT = join(SUPPORT_DIR, 'hook-dump.mjs');

/**
 * The `hooks` settings: every event (matcher `*`) runs `node hook-dump.mjs <dir> <Event>`.
 * With `blockStopOnce`, AfterAgent blocks the first stop with that reason.
 */
export function dumpHooks(
  dir: string,
  options: { events?: readonly GeminiHookEvent[]; blockStopOnce?: string } = {},
): JsonObject {
  mkdirSync(dir, { recursive: true });
  const hooks: JsonObject = {};
  for (const event of options.events ?? GEMINI_HOOK_EVENTS) {
    const args = [HOOK_DUMP_SCRIPT, dir, event];
    if (event === 'AfterAgent' && options.blockStopOnce !== undefined) {
      args.push('--block-stop-once', options.blockStopOnce);
    }
    hooks[event] = [
      {
        matcher: '*',
        hooks: [
          {
            name: `dump-${event}`,
            type: 'command',
            command: [process.execPath, ...args].map(shellQuote).join(' '),
            timeout: 10_000,
          },
        ],
      },
    ];
  }
  return hooks;
}

/** What the hooks recorded, by event, in call order. */
export function readHookDumps(dir: string): Partial<Record<GeminiHookEvent, HookDump[]>> {
  const dumps: Partial<Record<GeminiHookEvent, HookDump[]>> = {};
  if (!existsSync(dir)) return dumps;
  for (const file of readdirSync(dir)) {
    const event = file.replace(/\.jsonl$/, '') as GeminiHookEvent;
    if (!file.endsWith('.jsonl') || !GEMINI_HOOK_EVENTS.includes(event)) continue;
    dumps[event] = readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as HookDump);
  }
  return dumps;
}

/** Placeholder session ids, by order of appearance, so fixtures do not change every recording. */
export const FIXTURE_SESSION_IDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];

/**
 * Makes a recorded value fit to commit: the sandbox's home and project become /tmp/HOME and
 * /tmp/PROJECT, its other temp paths /tmp/SANDBOX, the repository /REPO, the node binary
 * /usr/bin/node, and each session id (also its 8-character prefix in transcript file names)
 * a fixed placeholder. Everything else is kept as recorded.
 */
export function scrubFixture<T>(
  value: T,
  sandbox: { root: string; home: string; project: string },
  sessionIds: readonly string[],
): T {
  const replacements: [string, string][] = [
    [sandbox.home, '/tmp/HOME'],
    [sandbox.project, '/tmp/PROJECT'],
    [sandbox.root, '/tmp/SANDBOX'],
    [REPO_ROOT.replace(/\/$/, ''), '/REPO'],
    [process.execPath, '/usr/bin/node'],
  ];
  sessionIds.forEach((id, index) => {
    const placeholder = FIXTURE_SESSION_IDS[index] ?? FIXTURE_SESSION_IDS[0]!;
    replacements.push([id, placeholder], [id.slice(0, 8), placeholder.slice(0, 8)]);
  });
  return scrubPaths(value, replacements);
}

/**
 * The shape of a JSON value: object keys (sorted) with their shapes, the distinct shapes of
 * array elements, and `string`/`number`/`boolean`/`null` for the rest. Two recordings of the
 * same event have the same shape even though their values differ.
 */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const shapes = new Map<string, unknown>();
    for (const element of value) {
      const shape = shapeOf(element);
      shapes.set(JSON.stringify(shape), shape);
    }
    return [...shapes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, shape]) => shape);
  }
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

/** The plankeeper launcher path as it appears (scrubbed) in `mcp_context.args`. */
export const SCRUBBED_PLANKEEPER_BIN = PLANKEEPER_BIN.replace(
  REPO_ROOT.replace(/\/$/, ''),
  '/REPO',
);

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
