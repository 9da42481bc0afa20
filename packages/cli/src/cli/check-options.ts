/**
 * The check flags `setup` and `mcp` share: `--verify CMD` (repeatable), `--verify-in`,
 * `--verify-timeout` and `--verify-refusals`, with their help. What each value may be is read
 * in one place for every command, the hook's included (coding-agents/setup/check-values.ts).
 */
import { Option } from 'commander';
import {
  DEFAULT_CHECK_REFUSALS,
  DEFAULT_CHECK_TIMEOUT_SEC,
} from '../coding-agents/setup/check-values.js';

/** The four options; `where` says where the commands run by default, `when` when they run. */
export function checkOptions(where: string, when: string): Option[] {
  return [
    new Option(
      '--verify <command>',
      `check command ${when}; a failure refuses it; repeatable; auto: the project's usual checks`,
    ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    new Option('--verify-in <dir>', `folder the --verify commands run in (default: ${where})`),
    new Option(
      '--verify-timeout <seconds>',
      `seconds each check may run (default: ${DEFAULT_CHECK_TIMEOUT_SEC})`,
    ),
    new Option(
      '--verify-refusals <n>',
      `answers a failing check refuses per user turn before one goes through and the person is told (default: ${DEFAULT_CHECK_REFUSALS})`,
    ),
  ];
}
