/**
 * Gemini CLI: hooks and the MCP server in `.gemini/settings.json` (gemini-adapter.ts,
 * setup-edits.ts). It gives its MCP servers no session id: its hooks record the session of
 * their parent CLI process on a session start or prompt, and the MCP server looks it up per
 * call (cli-process.ts). Gemini also adds `wait_for_previous` to every tool call, which is
 * dropped.
 */
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { cliSession, recordCliSession } from './cli-process.js';
import { geminiAdapter } from './gemini-adapter.js';
import { GEMINI_EVENTS, geminiEdits } from './setup-edits.js';

export const gemini: CodingAgentDescriptor<'gemini'> = {
  name: 'gemini',
  title: 'Gemini CLI',
  // BeforeTool only with --approval.
  events: [...GEMINI_EVENTS, 'BeforeTool'],
  projectDirEnv: 'GEMINI_PROJECT_DIR',
  planToolName: 'mcp_plankeeper_todo_write',
  hook: geminiAdapter,
  mcpKeying: (_env, engine, parentPid) => ({
    agent: 'gemini',
    ignoredArguments: ['wait_for_previous'],
    keyForCall: async () => {
      const session = await cliSession(engine, parentPid);
      return session === undefined ? undefined : { agent: 'gemini', session };
    },
  }),
  setup: geminiEdits,
  notes: {
    en: (ctx) => [
      `Gemini CLI loads project settings only in a trusted folder: trust ${ctx.dir} when it asks, or add "${ctx.dir}": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json.`,
    ],
    zh: (ctx) => [
      `Gemini CLI 只在受信任的文件夹中加载项目设置：在询问时信任 ${ctx.dir}，或在 ~/.gemini/trustedFolders.json 中加入 "${ctx.dir}": "TRUST_FOLDER"。`,
    ],
  },
  async onEvent(engine, { key, event }) {
    if (event.kind === 'session-start' || event.kind === 'prompt') {
      await recordCliSession(engine, key.session);
    }
  },
};
