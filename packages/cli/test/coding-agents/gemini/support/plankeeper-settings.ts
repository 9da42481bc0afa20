/**
 * Wires plankeeper into the real Gemini CLI by `plankeeper setup gemini` itself (its server,
 * its hooks in their groups), run from the setup tests' bin, which notes each hook in
 * PLANKEEPER_TEST_HOOK_LOG when a run sets it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setUpForRealCli } from '../../setup/support/project.js';
import type { GeminiSandbox } from './gemini-runner.js';

/** The server on `store`, the hooks on `hookStore` (default the same), and a README to read. */
export function configurePlankeeper(sandbox: GeminiSandbox, store: string, hookStore = store) {
  setUpForRealCli('gemini', sandbox, { store });
  if (hookStore !== store) {
    const path = join(sandbox.project, '.gemini', 'settings.json');
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    for (const groups of Object.values(settings.hooks) as { hooks: { command: string }[] }[][]) {
      for (const handler of groups.flatMap((group) => group.hooks)) {
        handler.command = handler.command.replace(`--store ${store}`, `--store ${hookStore}`);
      }
    }
    sandbox.writeProjectSettings(settings);
  }
  sandbox.writeProjectFile('README.md', '# Demo\n');
}
