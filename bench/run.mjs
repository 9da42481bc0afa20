// `npm run bench`: every benchmark section in one run, each printing its figures next to
// a baseline measured in the same run on the same machine.
const sections = [
  ['plan engine', './engine.mjs'],
  ['dependencies', './dependencies.mjs'],
  ['evidence rule', './evidence.mjs'],
  ['stores', './stores.mjs'],
  ['tokens', './tokens.mjs'],
  ['discipline presets', './discipline.mjs'],
  ['install size', './install.mjs'],
  ['hook start-up', './hook-startup.mjs'],
  ['dev-dependency hook call', './dev-dependency-hook.mjs'],
  ['claude-code sessions', './claude-code-sessions.mjs'],
  ['codex sessions', './codex-sessions.mjs'],
  ['gemini sessions', './gemini-sessions.mjs'],
  ['opencode sessions', './opencode-sessions.mjs'],
  ['claude-agent-sdk sessions', './claude-agent-sdk.mjs'],
  ['copilot sessions', './copilot-sessions.mjs'],
  ['mcp sessions', './mcp.mjs'],
  ['sub-agents', './sub-agents.mjs'],
  ['claims on a shared list', './claims.mjs'],
  ['approval hold', './approval.mjs'],
  ['plan-file', './plan-file.mjs'],
  ['checks before done', './checks.mjs'],
];

const only = process.argv.slice(2);
for (const [name, file] of sections) {
  if (only.length > 0 && !only.includes(name.split(' ')[0])) continue;
  let section;
  try {
    section = await import(file);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(file.slice(2)))
      continue;
    throw error;
  }
  console.log(`\n# ${name}`);
  await section.default();
}
