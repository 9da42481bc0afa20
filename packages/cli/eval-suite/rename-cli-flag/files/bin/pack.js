#!/usr/bin/env node
import { helpText } from '../src/help.js';
import { parseFlags } from '../src/flags.js';

const flags = parseFlags(process.argv.slice(2));
if (flags.help) {
  console.log(helpText());
} else {
  console.log(`packing ${flags.files.join(', ') || '(nothing)'} into ${flags.output}`);
}
