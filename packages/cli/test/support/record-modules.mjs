/**
 * Preloaded with `node --import` (NODE_OPTIONS) to record every module a process loads, one
 * URL or path a line, into the file named by PLANKEEPER_MODULES_OUT: ES modules from a loader
 * hook (record-modules-hooks.mjs), CommonJS ones from the require cache at exit (a package
 * that `require`s another is not seen by the loader hook). Each first use of Intl is a line too,
 * `intl:` and its name: the first in a process loads ICU's locale data (about 16 ms), which a
 * start that shows no locale-formatted text should not pay.
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

register(new URL('./record-modules-hooks.mjs', import.meta.url));
const out = process.env.PLANKEEPER_MODULES_OUT;
const cache = createRequire(import.meta.url).cache;

const used = new Set();
const record = (name) => {
  if (out === undefined || used.has(name)) return;
  used.add(name);
  appendFileSync(out, `intl:${name}\n`);
};
for (const name of Object.getOwnPropertyNames(Intl)) {
  const original = Intl[name];
  if (typeof original !== 'function') continue;
  Intl[name] = new Proxy(original, {
    construct(target, args, newTarget) {
      record(name);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      record(name);
      return Reflect.apply(target, self, args);
    },
  });
}
for (const [owner, type, names] of [
  [Number.prototype, 'Number', ['toLocaleString']],
  [Date.prototype, 'Date', ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
  [String.prototype, 'String', ['localeCompare']],
]) {
  for (const name of names) {
    const original = owner[name];
    owner[name] = function (...args) {
      record(`${type}.${name}`);
      return original.apply(this, args);
    };
  }
}

process.on('exit', () => {
  if (out === undefined) return;
  const required = Object.keys(cache);
  if (required.length > 0) appendFileSync(out, `${required.join('\n')}\n`);
});
