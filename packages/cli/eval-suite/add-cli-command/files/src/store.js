import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Notes live in one JSON array; NOTES_FILE picks another file (tests use it). */
const file = () => process.env.NOTES_FILE ?? 'notes.json';

export const readNotes = () => (existsSync(file()) ? JSON.parse(readFileSync(file(), 'utf8')) : []);
export const writeNotes = (notes) => writeFileSync(file(), `${JSON.stringify(notes)}\n`);
