// Module hooks for load-and-list.mjs: appends the URL of every module resolved through
// the ESM loader to a log file, synchronously, so the log is complete when import() returns.
import { appendFileSync } from 'node:fs';

let logPath;

export function initialize(data) {
  logPath = data.logPath;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  appendFileSync(logPath, `${result.url}\n`);
  return result;
}
