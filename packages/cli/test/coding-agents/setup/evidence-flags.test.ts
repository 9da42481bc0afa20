/**
 * `plankeeper setup <agent> --evidence L --verify CMD`: the person's choices go into the MCP
 * server's command line, where the server applies them; a second run changes nothing and
 * --remove still takes the server out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSetupCommand } from '../../../src/cli/commands/setup.js';
import { createSetupProject, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

describe('setup --evidence and --verify', () => {
  it('writes them into the MCP server command, idempotently, and --remove takes it out', () => {
    project.setup('claude-code', { evidence: 'enforce', verify: 'npm test' });
    const first = project.files();
    const args = JSON.parse(first['.mcp.json']!).mcpServers.plankeeper.args.slice(1);
    expect(project.scrub(args.join(' '))).toBe(
      'mcp --for claude-code --evidence enforce --verify npm test',
    );
    project.setup('claude-code', { evidence: 'enforce', verify: 'npm test' });
    expect(project.files()).toEqual(first);
    project.setup('claude-code', { remove: true });
    expect(project.files()['.mcp.json']).toBeUndefined();
  });

  it('refuses an unknown level and an empty command with one line', async () => {
    await expect(runSetupCommand('codex', { lang: 'en', evidence: 'strict' })).rejects.toThrow(
      'setup: --evidence must be warn or enforce, not "strict".',
    );
    await expect(runSetupCommand('codex', { lang: 'en', verify: ' ' })).rejects.toThrow(
      'setup: --verify needs a command, such as "npm test".',
    );
  });
});
