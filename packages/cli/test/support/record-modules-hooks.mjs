// The loader hook of record-modules.mjs: appends each module it loads (not Node's own).
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  const out = process.env.PLANKEEPER_MODULES_OUT;
  if (out !== undefined && !url.startsWith('node:')) appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}
