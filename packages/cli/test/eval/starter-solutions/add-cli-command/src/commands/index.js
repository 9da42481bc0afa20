import { add } from './add.js';
import { count } from './count.js';
import { list } from './list.js';

/** Every command the CLI knows, by the name typed on the command line. */
export const commands = { add, count, list };
