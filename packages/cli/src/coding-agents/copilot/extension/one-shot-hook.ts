/**
 * One `plankeeper hook copilot <event>` process for one event, the input on its stdin and
 * Copilot's hook output on its stdout: the extension's fallback when its `--serve` process
 * cannot be started or dies before answering (an older plankeeper without --serve, a broken
 * install), as the hooks file ran it for every event. Time-boxed like the resident: a process
 * that has not answered in time is killed and the event answered neutrally.
 */
import { spawn } from 'node:child_process';
import { type ExtensionSettings, timeoutFor } from './extension-settings.js';

export function runOneShotHook(
  settings: ExtensionSettings,
  event: string,
  input: unknown,
  cwd: string,
  log: (line: string) => void,
): Promise<object | undefined> {
  return new Promise((resolve) => {
    const [program = '', ...args] = settings.command;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(program, [...args, event, ...settings.options], {
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch {
      resolve(undefined);
      return;
    }
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutFor(settings, event));
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    let settled = false;
    const settle = (answer: object | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    child.on('error', () => settle(undefined));
    child.on('close', () => {
      log(stderr.trimEnd());
      settle(hookOutput(stdout));
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(JSON.stringify(input));
  });
}

/** Copilot's hook output printed by a hook: a JSON object, or undefined for none. */
export function hookOutput(stdout: string): object | undefined {
  if (stdout.trim() === '') return undefined;
  try {
    const answer: unknown = JSON.parse(stdout);
    return answer !== null && typeof answer === 'object' ? answer : undefined;
  } catch {
    return undefined;
  }
}
