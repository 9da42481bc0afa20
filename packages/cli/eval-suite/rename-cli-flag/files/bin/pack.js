#!/usr/bin/env node
import { parseFlags } from '../src/flags.js';
import { helpText } from '../src/help.js';

const flags = parseFlags(process.argv.slice(2));
if (flags.help) {
  console.log(helpText());
} else {
  console.log(`packing ${flags.files.join(', ') || '(nothing)'} into ${flags.output}`);
}
