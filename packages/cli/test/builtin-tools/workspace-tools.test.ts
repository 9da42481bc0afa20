import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolDefinition } from 'plankeeper';
import { ConfigurationError } from 'plankeeper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceTools } from '../../src/builtin-tools/index.js';

let base: string;
let root: string;
let outside: string;
let tools: Record<string, ToolDefinition>;

const call = (name: string, args: unknown) => tools[name]!.execute(args, {});

/** Every file below a folder with its content, to prove nothing outside changed. */
async function snapshotTree(folder: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    tree[path] = entry.isFile() ? await readFile(path, 'utf8') : '(folder)';
  }
  return tree;
}

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'plankeeper-workspace-'));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'docs'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'top secret\n');
  await writeFile(join(root, 'docs', 'notes.md'), '# Notes\nfirst\nsecond\nthird\n');
  tools = Object.fromEntries(workspaceTools({ root }).map((tool) => [tool.name, tool]));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('workspaceTools', () => {
  it('offers four tools, or two when read-only', () => {
    expect(Object.keys(tools)).toEqual(['read_file', 'write_file', 'edit_file', 'list_files']);
    const readOnly = workspaceTools({ root, readOnly: true }).map((tool) => tool.name);
    expect(readOnly).toEqual(['read_file', 'list_files']);
  });

  it('throws a ConfigurationError for a missing root or an unknown locale', () => {
    expect(() => workspaceTools({ root: join(base, 'missing') })).toThrow(ConfigurationError);
    expect(() => workspaceTools({ root, locale: 'xx' as unknown as 'en' })).toThrow(
      ConfigurationError,
    );
  });
});

describe('read_file', () => {
  it('shows lines with their numbers and says where the file ends', async () => {
    const result = await call('read_file', { path: 'docs/notes.md' });
    expect(result.ok).toBe(true);
    expect(result.text).toBe('1\t# Notes\n2\tfirst\n3\tsecond\n4\tthird\n(End of file: 4 lines.)');
    expect(result.data).toMatchObject({ path: 'docs/notes.md', totalLines: 4, more: false });
  });

  it('pages with offset and limit and tells the model where to continue', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);
    await writeFile(join(root, 'long.txt'), `${lines.join('\n')}\n`);
    const result = await call('read_file', { path: 'long.txt', offset: 9, limit: 3 });
    expect(result.text).toBe(
      ' 9\tline 9\n10\tline 10\n11\tline 11\n(Lines 9-11 of 30. Call read_file with offset 12 to continue.)',
    );
    const past = await call('read_file', { path: 'long.txt', offset: 31 });
    expect(past.ok).toBe(false);
    expect(past.text).toContain('has 30 lines; offset 31 is past the end');
  });

  it('caps a call at 2000 lines and cuts very long lines', async () => {
    const lines = Array.from({ length: 2500 }, (_, index) => `${index + 1}`);
    lines[0] = 'x'.repeat(3000);
    await writeFile(join(root, 'big.txt'), lines.join('\n'));
    const result = await call('read_file', { path: 'big.txt', limit: 5000 });
    expect(result.data).toMatchObject({ lines: 2000, totalLines: 2500, more: true });
    expect(result.text).toContain('… [line cut, 3000 characters]');
    expect(result.text).toContain('Call read_file with offset 2001 to continue.');
  });

  it('refuses folders, binary files and missing files with a way forward', async () => {
    await writeFile(join(root, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    const folder = await call('read_file', { path: 'docs' });
    expect(folder).toMatchObject({ ok: false });
    expect(folder.text).toContain('is a folder. Call list_files');
    const binary = await call('read_file', { path: 'image.png' });
    expect(binary.text).toContain('looks like a binary file');
    const missing = await call('read_file', { path: 'docs/nope.md' });
    expect(missing).toMatchObject({ ok: false, title: 'read_file: refused' });
    expect(missing.text).toBe(
      'No file or folder at "docs/nope.md". Call list_files to see what exists.',
    );
  });

  it('says an empty file is empty', async () => {
    await writeFile(join(root, 'empty.txt'), '');
    const result = await call('read_file', { path: 'empty.txt' });
    expect(result).toMatchObject({ ok: true, text: '"empty.txt" is empty.' });
  });
});

describe('write_file', () => {
  it('creates a file and its folders, then overwrites it', async () => {
    const created = await call('write_file', { path: 'out/deep/plan.md', content: 'a\nb\n' });
    expect(created).toMatchObject({ ok: true, data: { created: true, lines: 2, bytes: 4 } });
    expect(created.text).toBe('Created "out/deep/plan.md" (2 lines, 4 bytes).');
    expect(await readFile(join(root, 'out/deep/plan.md'), 'utf8')).toBe('a\nb\n');
    const replaced = await call('write_file', { path: 'out/deep/plan.md', content: '拆封' });
    expect(replaced.text).toBe('Overwrote "out/deep/plan.md" (1 lines, 6 bytes).');
    expect(await readFile(join(root, 'out/deep/plan.md'), 'utf8')).toBe('拆封');
  });

  it('refuses to write over a folder or through a file', async () => {
    const folder = await call('write_file', { path: 'docs', content: 'x' });
    expect(folder.ok).toBe(false);
    expect(folder.text).toContain('"docs" is a folder');
    const through = await call('write_file', { path: 'docs/notes.md/inner.txt', content: 'x' });
    expect(through.ok).toBe(false);
    expect(through.text).toContain('is a file where a folder is needed');
  });

  it('rejects raw JSON with trailing data and writes nothing', async () => {
    const result = await call('write_file', '{"path": "a.txt", "content": "x"} {"path": "b.txt"}');
    expect(result.ok).toBe(false);
    expect(result.text).toContain('Extra text after the JSON object');
    expect(await readdir(root)).toEqual(['docs']);
  });
});

describe('edit_file', () => {
  it('replaces a unique match and reports the line', async () => {
    const result = await call('edit_file', {
      path: 'docs/notes.md',
      old_text: 'second',
      new_text: '2nd',
    });
    expect(result).toMatchObject({ ok: true, data: { replacements: 1, lines: [3] } });
    expect(await readFile(join(root, 'docs/notes.md'), 'utf8')).toBe(
      '# Notes\nfirst\n2nd\nthird\n',
    );
  });

  it('refuses a missing old_text with the count and changes nothing', async () => {
    const result = await call('edit_file', {
      path: 'docs/notes.md',
      old_text: 'fourth',
      new_text: 'x',
    });
    expect(result.ok).toBe(false);
    expect(result.text).toContain('old_text was not found in "docs/notes.md" (0 matches)');
    expect(result.data).toMatchObject({ matches: 0 });
    expect(await readFile(join(root, 'docs/notes.md'), 'utf8')).toBe(
      '# Notes\nfirst\nsecond\nthird\n',
    );
  });

  it('points at lines that match except for indentation', async () => {
    await writeFile(join(root, 'code.ts'), 'function f() {\n    return 1;\n}\n');
    const result = await call('edit_file', {
      path: 'code.ts',
      old_text: '\treturn 1;\n}',
      new_text: 'x',
    });
    expect(result.text).toContain('Lines 2-3 match if leading and trailing spaces are ignored');
  });

  it('refuses an ambiguous old_text with the count and lines, unless replace_all', async () => {
    await writeFile(join(root, 'list.txt'), 'item\nother\nitem\nitem\n');
    const ambiguous = await call('edit_file', {
      path: 'list.txt',
      old_text: 'item',
      new_text: 'x',
    });
    expect(ambiguous.ok).toBe(false);
    expect(ambiguous.text).toContain('old_text matches 3 places in "list.txt" (lines 1, 3, 4)');
    expect(ambiguous.text).toContain('set replace_all to true to change all 3');
    expect(await readFile(join(root, 'list.txt'), 'utf8')).toBe('item\nother\nitem\nitem\n');
    const all = await call('edit_file', {
      path: 'list.txt',
      old_text: 'item',
      new_text: 'x',
      replace_all: true,
    });
    expect(all).toMatchObject({ ok: true, data: { replacements: 3 } });
    expect(await readFile(join(root, 'list.txt'), 'utf8')).toBe('x\nother\nx\nx\n');
  });

  it('matches text copied with \\n against a file with \\r\\n line ends', async () => {
    await writeFile(join(root, 'win.txt'), 'one\r\ntwo\r\nthree\r\n');
    const result = await call('edit_file', {
      path: 'win.txt',
      old_text: 'one\ntwo',
      new_text: '1\n2',
    });
    expect(result.ok).toBe(true);
    expect(await readFile(join(root, 'win.txt'), 'utf8')).toBe('1\r\n2\r\nthree\r\n');
  });

  it('rejects bad arguments without touching the file', async () => {
    const same = await call('edit_file', {
      path: 'docs/notes.md',
      old_text: 'first',
      new_text: 'first',
    });
    expect(same.text).toContain('identical');
    const empty = await call('edit_file', { path: 'docs/notes.md', old_text: '', new_text: 'x' });
    expect(empty.text).toContain('old_text is empty; send some text.');
    const typo = await call('edit_file', { path: 'docs/notes.md', old: 'first', new_text: 'x' });
    expect(typo.text).toContain('old_text is missing; send a string.');
    expect(typo.text).toContain(
      'unknown field "old". Allowed: path, old_text, new_text, replace_all.',
    );
    expect(await readFile(join(root, 'docs/notes.md'), 'utf8')).toBe(
      '# Notes\nfirst\nsecond\nthird\n',
    );
  });
});

describe('list_files', () => {
  it('lists a folder with paths relative to the root', async () => {
    await writeFile(join(root, 'a.txt'), 'a');
    const result = await call('list_files', {});
    expect(result.text).toBe('Contents of ".":\na.txt\ndocs/');
    const docs = await call('list_files', { path: 'docs' });
    expect(docs.text).toBe('Contents of "docs":\ndocs/notes.md');
  });

  it('lists recursively without expanding .git or node_modules', async () => {
    await mkdir(join(root, 'docs/sub'), { recursive: true });
    await writeFile(join(root, 'docs/sub/x.md'), 'x');
    await mkdir(join(root, 'node_modules/pkg'), { recursive: true });
    const result = await call('list_files', { recursive: true });
    expect(result.data).toMatchObject({
      entries: [
        'docs/',
        'docs/notes.md',
        'docs/sub/',
        'docs/sub/x.md',
        'node_modules/ (not expanded)',
      ],
    });
  });

  it('refuses a file and reports an empty folder', async () => {
    const file = await call('list_files', { path: 'docs/notes.md' });
    expect(file).toMatchObject({ ok: false });
    expect(file.text).toContain('is a file, not a folder. Call read_file');
    await mkdir(join(root, 'empty'));
    expect((await call('list_files', { path: 'empty' })).text).toBe(
      'Contents of "empty":\n(empty folder)',
    );
  });
});

describe('confinement to the root', () => {
  const attempts = (secret: string) =>
    [
      ['read_file', { path: secret }],
      ['write_file', { path: secret, content: 'overwritten' }],
      ['edit_file', { path: secret, old_text: 'top secret', new_text: 'changed' }],
      ['list_files', { path: join(secret, '..') }],
    ] as const;

  async function expectRefusedEverywhere(secret: string, reason: RegExp) {
    const before = await snapshotTree(base);
    for (const [name, args] of attempts(secret)) {
      const result = await call(name, args);
      expect(result.ok, `${name} ${JSON.stringify(args)}`).toBe(false);
      expect(result.text).toMatch(reason);
      expect(result.text).not.toContain('top secret');
    }
    const created = await call('write_file', { path: join(secret, '..', 'new.txt'), content: 'x' });
    expect(created.ok).toBe(false);
    expect(await snapshotTree(base)).toEqual(before);
  }

  it('refuses ".." escapes', async () => {
    await expectRefusedEverywhere('../outside/secret.txt', /outside the workspace/);
    await expectRefusedEverywhere('docs/../../outside/secret.txt', /outside the workspace/);
  });

  it('refuses absolute paths outside the root and accepts those inside', async () => {
    await expectRefusedEverywhere(join(outside, 'secret.txt'), /outside the workspace/);
    const inside = await call('read_file', { path: join(root, 'docs', 'notes.md') });
    expect(inside.ok).toBe(true);
  });

  it('refuses a symbolic link to a folder outside', async () => {
    await symlink(outside, join(root, 'escape'));
    await expectRefusedEverywhere(
      'escape/secret.txt',
      /outside the workspace through a symbolic link/,
    );
    const listed = await call('list_files', { recursive: true });
    expect(listed.text).toContain('escape (symbolic link)');
    expect(listed.text).not.toContain('secret.txt');
  });

  it('refuses a symbolic link to a file outside', async () => {
    await symlink(join(outside, 'secret.txt'), join(root, 'docs', 'alias.txt'));
    const before = await snapshotTree(base);
    for (const [name, args] of attempts('docs/alias.txt').slice(0, 3)) {
      const result = await call(name, args);
      expect(result.ok).toBe(false);
      expect(result.text).toMatch(/symbolic link/);
    }
    expect(await snapshotTree(base)).toEqual(before);
  });

  it('refuses a dangling symbolic link instead of creating its target outside', async () => {
    await symlink(join(outside, 'planted.txt'), join(root, 'trap.txt'));
    await symlink(join(outside, 'planted-dir'), join(root, 'trapdir'));
    const file = await call('write_file', { path: 'trap.txt', content: 'x' });
    expect(file.ok).toBe(false);
    expect(file.text).toContain('symbolic link whose target is missing');
    const folder = await call('write_file', { path: 'trapdir/sub/x.txt', content: 'x' });
    expect(folder.ok).toBe(false);
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('follows a symbolic link that stays inside the root', async () => {
    await symlink(join(root, 'docs'), join(root, 'docs-link'));
    const read = await call('read_file', { path: 'docs-link/notes.md' });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({ path: 'docs/notes.md' });
    const written = await call('write_file', { path: 'docs-link/new.md', content: 'n' });
    expect(written.ok).toBe(true);
    expect(await readFile(join(root, 'docs/new.md'), 'utf8')).toBe('n');
  });

  it('accepts a root that is itself reached through a symbolic link', async () => {
    const linkedRoot = join(base, 'root-link');
    await symlink(root, linkedRoot);
    const linked = Object.fromEntries(
      workspaceTools({ root: linkedRoot }).map((tool) => [tool.name, tool]),
    );
    const read = await linked.read_file!.execute({ path: join(linkedRoot, 'docs/notes.md') }, {});
    expect(read.ok).toBe(true);
    const escaped = await linked.read_file!.execute({ path: '../outside/secret.txt' }, {});
    expect(escaped.ok).toBe(false);
  });
});
