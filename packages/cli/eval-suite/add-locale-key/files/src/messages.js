import { readFileSync } from 'node:fs';

const cache = new Map();

function locale(lang) {
  if (!cache.has(lang)) {
    const url = new URL(`../locales/${lang}.json`, import.meta.url);
    cache.set(lang, JSON.parse(readFileSync(url, 'utf8')));
  }
  return cache.get(lang);
}

/** The message `key` in `lang`, with `{placeholders}` filled from `values`. */
export function t(lang, key, values = {}) {
  const text = locale(lang)[key];
  if (text === undefined) throw new Error(`no message "${key}" in ${lang}`);
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}
