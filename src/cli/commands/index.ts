import type { Command } from 'commander';
import { registerDemoCommand } from './demo.js';
import { registerMcpCommand } from './mcp.js';
import { registerRunCommand } from './run.js';

/** Each command adds itself to the program. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [
  registerDemoCommand,
  registerRunCommand,
  registerMcpCommand,
];
