import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renameLoader } from '../../../../../examples/claude-agent-sdk.js';
import { callTool, SdkSandbox, say } from './support/run-query.js';

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

describe('examples/claude-agent-sdk.ts', () => {
  it('plans, edits, is asked once to check against the request, and keeps the user’s hook', async () => {
    sandbox = await SdkSandbox.start([]);
    const file = join(sandbox.dirs.project, 'config.ts');
    writeFileSync(file, 'export const loadConfig = () => ({});\n');
    sandbox.server.script(
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Rename loadConfig', status: 'in_progress' },
          { content: 'Update the callers', status: 'pending' },
        ],
      }),
      callTool('Read', { file_path: file }),
      callTool('Edit', { file_path: file, old_string: 'loadConfig', new_string: 'readConfig' }),
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Rename loadConfig', status: 'completed' },
          { content: 'Update the callers', status: 'cancelled', note: 'no callers' },
        ],
      }),
      say('Renamed.'),
      say('Renamed loadConfig to readConfig; it had no callers.'),
    );

    const { answer, plan, edited } = await renameLoader(sandbox.options());

    expect(answer).toBe('Renamed loadConfig to readConfig; it had no callers.');
    expect(plan.map((item) => item.status)).toEqual(['completed', 'cancelled']);
    expect(edited).toHaveLength(1);
    expect(sandbox.seen(5)).toContain('check your answer against the original request');
    expect(sandbox.server.unusedSteps).toBe(0);
  });
});
