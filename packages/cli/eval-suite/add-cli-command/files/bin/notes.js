#!/usr/bin/env node
import { commands } from '../src/commands/index.js';
import { helpText } from '../src/help.js';

const [name = 'help', ...rest] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  console.log(helpText());
  process.exit(name === 'help' ? 0 : 2);
}
command(rest);
