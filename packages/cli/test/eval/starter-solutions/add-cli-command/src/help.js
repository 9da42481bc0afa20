export function helpText() {
  return [
    'usage: notes <command>',
    '',
    '  add TEXT   add a note',
    '  list       show every note',
    '  count      show how many notes there are',
    '  help       show this text',
  ].join('\n');
}
