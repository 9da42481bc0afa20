#!/usr/bin/env node
/**
 * The first step of each package's build: empties the package's `dist`, so a file whose source
 * was renamed or deleted is not left there to be packed (npm packs the whole folder). Run from
 * the package's folder; it refuses any other, so a stray run cannot remove another `dist`.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

if (!existsSync(join(process.cwd(), 'package.json'))) {
  console.error('clean-dist: run it from a package folder (one with a package.json)');
  process.exit(2);
}
rmSync(join(process.cwd(), 'dist'), { recursive: true, force: true });
