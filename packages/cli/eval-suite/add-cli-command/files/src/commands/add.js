import { readNotes, writeNotes } from '../store.js';

export function add(words) {
  writeNotes([...readNotes(), words.join(' ')]);
  console.log('added');
}
