#!/usr/bin/env node
// The repository's launcher: `node bin/plankeeper.js <command>` runs the application
// package's own bin, so a checkout works like an install.
import '../packages/cli/bin/plankeeper.js';
