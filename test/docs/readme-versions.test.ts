/**
 * The README speaks of the version the packages carry: the tarball names it installs, the
 * core version the CLI depends on, and the release the rename notes say has the new names
 * (the names the source marks "renamed in" that release) all match `package.json`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const core = JSON.parse(read('packages/plankeeper/package.json'));
const cli = JSON.parse(read('packages/cli/package.json'));

describe('the README and the packages agree on the version', () => {
  it('names the tarballs and the dependency by the packages’ version', () => {
    expect(cli.version).toBe(core.version);
    expect(cli.dependencies.plankeeper).toBe(core.version);
    const tarballs = [...readme.matchAll(/plankeeper(?:-cli)?-(\d+\.\d+\.\d+)\.tgz/g)];
    expect(tarballs.length).toBeGreaterThan(0);
    for (const [, version] of tarballs) expect(version).toBe(core.version);
    expect(readme).toContain(`depends on \`plankeeper\` ${core.version},`);
  });

  it('says the renames are in the release the packages are', () => {
    const release = (core.version as string).split('.').slice(0, 2).join('.');
    const renamed = [...readme.matchAll(/^## Renamed in (\d+\.\d+)$/gm)].map((match) => match[1]);
    expect(renamed).toEqual([release]);
    const deprecated = read('packages/plankeeper/src/engine/plan-key.ts');
    expect(deprecated).toContain(`Renamed {@link subAgentKey} in ${release}.`);
  });
});
