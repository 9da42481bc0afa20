import type { Command } from 'commander';

/** Each command adds itself to the program. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [];
