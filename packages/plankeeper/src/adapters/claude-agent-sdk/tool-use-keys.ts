/**
 * Which plan a call of plankeeper's tools is for, in-process: the core's tool-use keys
 * (plankeeper/hooks) over a book in memory, since the SDK runs the PreToolUse callback and
 * the MCP server in one process. A call naming no noted tool use is refused, never given
 * another plan: a sub-agent's write must not replace its parent's list.
 */
import { ConfigurationError } from '../../engine/errors.js';
import { ToolUseKeys as HookToolUseKeys, memoryToolUseRecords } from '../../hooks/tool-use-keys.js';

export class ToolUseKeys extends HookToolUseKeys {
  constructor() {
    super(memoryToolUseRecords(), {
      refusal: (call) =>
        new ConfigurationError(
          `no plan is known for this call of ${call.name}: plankeeper's PreToolUse callback did not see it, so its hooks are not in this query's options. Nothing was changed; tell the person (the program should pass planner.options(yours) to query() whole).`,
        ),
    });
  }
}
