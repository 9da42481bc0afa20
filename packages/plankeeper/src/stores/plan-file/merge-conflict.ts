/**
 * A plan file mid-merge: git left both sides between `<<<<<<<` and `>>>>>>>`. Read as it is,
 * each side's lines would be taken in as a person's edit and given new ids inside the
 * conflict, so the file is neither read nor written until a person resolves it.
 */
import { PlanFileError } from './plan-file-error.js';
import { shown } from './plan-file-limits.js';

const MARKER = /^(?:<{7}|>{7})(?: |\r?$)/;

/** Refuses `text` while it holds a merge conflict's marker line, naming its line. */
export function checkNoMergeConflict(path: string, text: string): void {
  if (!text.includes('<<<<<<<') && !text.includes('>>>>>>>')) return;
  const line = text.split('\n').findIndex((each) => MARKER.test(each));
  if (line < 0) return;
  throw new PlanFileError({ code: 'merge-conflict', file: shown(path), line: line + 1 });
}
