/** Reads `--level NAME` from command-line arguments. */
export function parseOptions(args) {
  const options = { level: 'info' };
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '--level') {
      const level = args[++index];
      if (!['trace', 'debug', 'info', 'warn', 'error'].includes(level)) {
        throw new Error(`unknown level: ${level}`);
      }
      options.level = level;
    }
  }
  return options;
}
