/** Reads the command line: file names, `--output FILE` (or the deprecated `--out`), `--help`. */
export function parseFlags(args) {
  const flags = { files: [], output: 'bundle.tar', help: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--output') flags.output = args[++index];
    else if (arg === '--out') {
      console.error('warning: --out is deprecated, use --output');
      flags.output = args[++index];
    } else if (arg === '--help') flags.help = true;
    else flags.files.push(arg);
  }
  return flags;
}
