import type { Command } from 'commander';
import { registerChatCommand } from './chat.js';
import { registerDashboardCommand } from './dashboard.js';
import { registerDemoCommand } from './demo.js';
import { registerEvalCommand } from './eval.js';
import { registerMcpCommand } from './mcp.js';
import { registerRunCommand } from './run.js';
import { registerSetupCommand } from './setup.js';
import { registerTodosCommand } from './todos.js';

/** Each command adds itself to the program. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [
  registerDemoCommand,
  registerRunCommand,
  registerChatCommand,
  registerTodosCommand,
  registerMcpCommand,
  registerDashboardCommand,
  registerEvalCommand,
  registerSetupCommand,
];
