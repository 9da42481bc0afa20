/**
 * jsonc-parser, loaded when setup first edits a JSON file: the hook imports the agents'
 * setup modules too (through their descriptors) and must not pay for it, nor bundle its UMD
 * build, whose internal requires esbuild cannot follow.
 */
import { loadOnUse } from './load-on-use.js';

export const jsonc = loadOnUse<typeof import('jsonc-parser')>('jsonc-parser');
