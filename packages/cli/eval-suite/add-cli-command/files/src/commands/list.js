import { readNotes } from '../store.js';

export function list() {
  readNotes().forEach((note, index) => console.log(`${index + 1}. ${note}`));
}
