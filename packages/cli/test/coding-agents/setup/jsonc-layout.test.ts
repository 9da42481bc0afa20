/**
 * Setup edits a person's JSONC settings in place: every byte outside what it adds stays where it
 * was. A comment after a value stays after that value, a one-line sibling object stays on its
 * line, and `--remove` gives back the file byte for byte.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSetupProject, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const SETTINGS = `{
  "theme": "dark", // the team's theme
  "editor": { "tabSize": 2, "wrap": true },
  "mcpServers": { "docs": { "command": "docs-mcp" } },
  "ui": { "footer": false } // keep it quiet
}
`;

describe.each([
  ['gemini', '.gemini/settings.json'],
  ['claude-code', '.claude/settings.json'],
] as const)('setup %s on JSONC settings with comments and one-line objects', (agent, path) => {
  it('leaves every line of the person’s in place, and --remove gives back the bytes', () => {
    project.write(path, SETTINGS);
    project.setup(agent);
    const after = project.read(path);
    const lines = after.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '{',
      '  "theme": "dark", // the team\'s theme',
      '  "editor": { "tabSize": 2, "wrap": true },',
    ]);
    // A one-line object setup adds to stays one line, its own entry after the person's.
    expect(lines[3]).toMatch(
      /^ {2}"mcpServers": \{ "docs": \{ "command": "docs-mcp" \}(, "plankeeper": \{ "\w.* \})? \},$/,
    );
    if (agent === 'gemini') expect(lines[3]).toContain('"docs-mcp" }, "plankeeper": { "command": ');
    // The comment stays after its value; setup's settings follow on lines of their own.
    expect(lines[4]).toBe('  "ui": { "footer": false }, // keep it quiet');
    expect(lines[5]).toMatch(/^ {2}"\w+": \{$/);
    expect(after.match(/keep it quiet/g)).toHaveLength(1);
    project.setup(agent, { remove: true });
    expect(project.read(path)).toBe(SETTINGS);
  });
});
