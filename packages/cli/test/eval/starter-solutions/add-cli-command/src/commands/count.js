import { readNotes } from '../store.js';

export function count() {
  console.log(`${readNotes().length} notes`);
}
