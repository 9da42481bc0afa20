/**
 * What the extension takes besides `plankeeper hook pi`'s options: `--evidence warn|enforce`,
 * the rule for completions, which for other agents goes to their MCP server (the extension
 * serves the plan tools itself). A leaf: setup writes it, the extension reads it.
 */
export const EVIDENCE_FLAG = '--evidence';
