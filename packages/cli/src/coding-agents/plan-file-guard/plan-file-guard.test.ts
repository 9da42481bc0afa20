/**
 * Which tool calls would write the plan file: file tools by path (relative, `./`, absolute,
 * through a symbolic link), shell commands (redirections, tee, sed -i, mv/cp/rm, sh -c, quoted
 * paths), patches; and the calls that leave it alone (another folder's PLAN.md, reads, a
 * here-document that only mentions it).
 */
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../hook-adapter.js';
import { writesPlanFile } from './plan-file-guard.js';

const project = mkdtempSync(join(tmpdir(), 'plan-file-guard-'));
mkdirSync(join(project, 'docs'));
mkdirSync(join(project, 'src'));
const plan = join(project, 'PLAN.md');

function writes(tool: string, args: Record<string, unknown>, cwd = project): boolean {
  const call: ToolCall = { tool, args, cwd };
  return writesPlanFile(call, plan, project);
}

const bash = (command: string, cwd = project) => writes('Bash', { command }, cwd);

describe('a file tool', () => {
  it('writes the plan file named relatively, with ./, absolutely or from a sub-folder', () => {
    expect(writes('Edit', { file_path: plan })).toBe(true);
    expect(writes('Write', { file_path: 'PLAN.md' })).toBe(true);
    expect(writes('write_file', { file_path: './PLAN.md' })).toBe(true);
    expect(writes('replace', { file_path: '../PLAN.md' }, join(project, 'src'))).toBe(true);
    expect(writes('edit', { filePath: 'docs/../PLAN.md' })).toBe(true);
    expect(writes('str_replace_editor', { command: 'str_replace', path: plan })).toBe(true);
  });

  it('does not write another folder’s PLAN.md, another file, or when it only views', () => {
    expect(writes('Edit', { file_path: join(project, 'docs', 'PLAN.md') })).toBe(false);
    expect(writes('Write', { file_path: 'PLAN.md' }, join(project, 'src'))).toBe(false);
    expect(writes('Edit', { file_path: join(project, 'README.md') })).toBe(false);
    expect(writes('str_replace_editor', { command: 'view', path: plan })).toBe(false);
    expect(writes('Read', { file_path: plan })).toBe(false);
    expect(writes('read_file', { file_path: 'PLAN.md' })).toBe(false);
  });

  it('writes the plan file reached through a symbolic link to its folder', () => {
    const link = join(tmpdir(), `plan-file-guard-link-${process.pid}`);
    symlinkSync(project, link);
    expect(writes('Write', { file_path: join(link, 'PLAN.md') })).toBe(true);
  });
});

describe('a shell command', () => {
  it('writes the plan file by redirection, quoted or not, with or without spaces', () => {
    expect(bash('echo "- [x] #1 done" > PLAN.md')).toBe(true);
    expect(bash('echo x >>PLAN.md')).toBe(true);
    expect(bash(`printf 'x' > "./PLAN.md"`)).toBe(true);
    expect(bash(`cat notes.md 2> err.log 1> 'PLAN.md'`)).toBe(true);
    expect(bash(`echo x &> ${plan}`)).toBe(true);
    expect(bash('cd src && echo x > ../PLAN.md')).toBe(true);
    expect(bash('cd docs; echo x > PLAN.md')).toBe(false);
    expect(bash('echo x > ../PLAN.md', join(project, 'src'))).toBe(true);
    expect(bash('cat <<EOF > PLAN.md\n- [x] #1 done\nEOF')).toBe(true);
  });

  it('writes the plan file with tee, sed -i, perl -i, mv, cp, rm, dd, sh -c and git restore', () => {
    expect(bash('echo x | tee -a PLAN.md')).toBe(true);
    expect(bash(`sed -i 's/- \\[ \\] #2/- [x] #2/' PLAN.md`)).toBe(true);
    expect(bash(`sed -i.bak -e 's/a/b/' "PLAN.md"`)).toBe(true);
    expect(bash(`perl -pi -e 's/\\[ \\]/[x]/' PLAN.md`)).toBe(true);
    expect(bash('mv /tmp/other.md PLAN.md')).toBe(true);
    expect(bash('mv PLAN.md PLAN.old')).toBe(true);
    expect(bash('cp drafts/PLAN.md .')).toBe(true);
    expect(bash('cp -f new.md PLAN.md')).toBe(true);
    expect(bash('rm -f PLAN.md')).toBe(true);
    expect(bash('dd if=/dev/null of=PLAN.md')).toBe(true);
    expect(bash(`bash -lc "echo x > PLAN.md"`)).toBe(true);
    expect(bash('sudo -E tee PLAN.md < new.md')).toBe(true);
    expect(bash('git restore PLAN.md')).toBe(true);
  });

  it('writes the plan file when it removes or reverts a folder that holds it', () => {
    expect(bash('rm -rf .')).toBe(true);
    expect(bash(`rm -r ${project}`)).toBe(true);
    expect(bash('git checkout -- .')).toBe(true);
    expect(bash('git restore src/..')).toBe(true);
    expect(bash('rm -rf src docs')).toBe(false);
    expect(bash('rm -f docs')).toBe(false);
    expect(bash('git checkout main')).toBe(false);
  });

  it('leaves the plan file alone when it only reads it or writes elsewhere', () => {
    expect(bash('cat PLAN.md')).toBe(false);
    expect(bash('grep -n "\\[ \\]" PLAN.md > open.txt')).toBe(false);
    expect(bash('sed -n 1,5p PLAN.md')).toBe(false);
    expect(bash('cp PLAN.md backup.md')).toBe(false);
    expect(bash('wc -l < PLAN.md')).toBe(false);
    expect(bash('echo x > docs/PLAN.md')).toBe(false);
    expect(bash('echo "> PLAN.md"')).toBe(false);
    expect(bash('cat <<EOF > notes.md\nrm PLAN.md\nEOF\necho done')).toBe(false);
    expect(bash('npm test 2>&1 | tail -5')).toBe(false);
  });

  it('reads a command given as its argv, as Codex may send it', () => {
    expect(writes('shell', { command: ['bash', '-lc', 'echo x > PLAN.md'] })).toBe(true);
    expect(writes('shell', { command: ['cat', 'PLAN.md'] })).toBe(false);
  });
});

describe('a patch', () => {
  it('writes the plan file when a file it updates, adds, deletes or moves to is the plan file', () => {
    const patch = (header: string) => `*** Begin Patch\n${header}\n@@\n-a\n+b\n*** End Patch`;
    expect(writes('apply_patch', { input: patch('*** Update File: PLAN.md') })).toBe(true);
    expect(writes('apply_patch', { command: patch(`*** Delete File: ${plan}`) })).toBe(true);
    expect(
      writes('patch', { patchText: patch('*** Update File: a.md\n*** Move to: PLAN.md') }),
    ).toBe(true);
    // Codex may send a patch as a shell tool's command: the patch is read, not run.
    expect(writes('Bash', { command: patch('*** Add File: PLAN.md') })).toBe(true);
    expect(writes('apply_patch', { input: patch('*** Update File: docs/PLAN.md') })).toBe(false);
    expect(writes('apply_patch', { input: '--- a/PLAN.md\n+++ b/PLAN.md\n@@\n-a\n+b\n' })).toBe(
      true,
    );
  });
});
