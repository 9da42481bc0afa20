/**
 * One `plankeeper hook opencode <event>` process for one event, the payload on its stdin and
 * the answer on its stdout: the fallback of resident-hook.ts, which every plankeeper answers.
 * `cwd` is the project OpenCode opened, where the store is found (setup names no directory).
 */
import { spawn } from 'node:child_process';
import { type HookAnswer, parseAnswer } from './hook-answer.js';
import { type PluginSettings, timeoutFor } from './plugin-settings.js';

export type Log = (message: string) => void;

export function runHook(
  settings: PluginSettings,
  event: string,
  payload: unknown,
  log: Log,
  cwd: string | undefined,
): Promise<HookAnswer | undefined> {
  return new Promise((resolve) => {
    const [program = '', ...args] = settings.command;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(program, [...args, event, ...settings.options], {
        ...(cwd && { cwd }),
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
    child.on('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on('close', () => {
      clearTimeout(timer);
      if (stderr.trim() !== '') log(stderr.trim());
      resolve(parseAnswer(stdout));
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(JSON.stringify(payload));
  });
}
