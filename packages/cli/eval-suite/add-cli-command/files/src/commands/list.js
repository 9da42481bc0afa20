import { readNotes } from '../store.js';

export function list() {
  for (const [index, note] of readNotes().entries()) console.log(`${index + 1}. ${note}`);
}
