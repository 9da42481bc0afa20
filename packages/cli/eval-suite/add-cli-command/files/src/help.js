export function helpText() {
  return [
    'usage: notes <command>',
    '',
    '  add TEXT   add a note',
    '  list       show every note',
    '  help       show this text',
  ].join('\n');
}
