/** Every host the adapter contract runs through, one driver file each. */
import { aiSdk } from './ai-sdk.js';
import { claudeAgentSdk } from './claude-agent-sdk.js';
import type { Host } from './host.js';
import { langchain } from './langchain.js';
import { mcpServer } from './mcp-server.js';
import { openaiAgents } from './openai-agents.js';
import { ownLoop } from './own-loop.js';

export const HOSTS: Host[] = [ownLoop, aiSdk, openaiAgents, langchain, claudeAgentSdk, mcpServer];
