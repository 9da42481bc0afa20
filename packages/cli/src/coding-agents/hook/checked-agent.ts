/**
 * What `plankeeper hook` checks before it reads anything: the agent, the event and the
 * language, each refused in one line naming what would be right (run by hand with a typo,
 * the hook says so, not a JSON error).
 */

import type { CodingAgentName } from '../agent-names.js';
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { didYouMean } from '../did-you-mean.js';
import type { HookAdapter } from '../hook-adapter.js';
import { findCodingAgent } from '../registry.js';
import { HOOK_ADAPTERS } from './adapters.js';
import type { HookArgs } from './hook-args.js';

/** The agent's descriptor, once its name, the event and the language are known to be right. */
export function checkedAgent(
  parsed: HookArgs,
  adapter: HookAdapter | undefined,
): CodingAgentDescriptor<CodingAgentName> {
  const agent = findCodingAgent(parsed.agent);
  if (!adapter || !agent) {
    throw new Error(
      `unknown agent ${JSON.stringify(parsed.agent)}; one of ${Object.keys(HOOK_ADAPTERS).join(', ')}`,
    );
  }
  const events = agent.events;
  if (!events.includes(parsed.event)) {
    const near = didYouMean(parsed.event, events);
    throw new Error(
      `unknown event ${JSON.stringify(parsed.event)} for ${parsed.agent}${near ? ` (did you mean ${near}?)` : ''}; plankeeper answers ${events.join(', ')}`,
    );
  }
  const lang = parsed.lang ?? 'en';
  if (lang !== 'en' && lang !== 'zh') throw new Error(`--lang must be en or zh, not ${lang}`);
  return agent;
}
