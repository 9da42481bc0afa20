#!/usr/bin/env node
// plankeeper's bin for the real-CLI setup tests: the real bin, after noting each hook event
// the coding agent ran in PLANKEEPER_TEST_HOOK_LOG, so a test can see which hooks setup's
// config made it run. Named plankeeper.js, because setup recognises its hooks by that name.
const args = process.argv.slice(2);
if (args[0] === 'hook' && process.env.PLANKEEPER_TEST_HOOK_LOG) {
  const { appendFileSync } = await import('node:fs');
  appendFileSync(process.env.PLANKEEPER_TEST_HOOK_LOG, `${args.slice(0, 3).join(' ')}\n`);
}
await import(new URL('../../../../../bin/plankeeper.js', import.meta.url).href);
