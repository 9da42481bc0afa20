export function helpText() {
  return [
    'usage: pack [--output FILE] FILE...',
    '',
    '  --output FILE   where to write the bundle (default bundle.tar)',
    '  --help          show this text',
  ].join('\n');
}
