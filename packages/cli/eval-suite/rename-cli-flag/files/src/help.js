export function helpText() {
  return [
    'usage: pack [--out FILE] FILE...',
    '',
    '  --out FILE   where to write the bundle (default bundle.tar)',
    '  --help       show this text',
  ].join('\n');
}
