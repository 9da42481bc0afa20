// Every locale has `farewell`, and goodbye() speaks the language it is asked for.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const expected = {
  en: 'Goodbye, {name}!',
  de: 'Auf Wiedersehen, {name}!',
  fr: 'Au revoir, {name} !',
};
for (const [lang, text] of Object.entries(expected)) {
  const messages = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8'));
  if (messages.farewell !== text) fail(`locales/${lang}.json: farewell should be "${text}"`);
  if (!messages.welcome || !messages.signedOut) fail(`locales/${lang}.json lost a message`);
}
const { goodbye, hello } = await import(pathToFileURL(resolve('src/session.js')).href);
for (const [lang, text] of Object.entries(expected)) {
  const said = goodbye(lang, 'Ada');
  if (said !== text.replace('{name}', 'Ada')) fail(`goodbye("${lang}", "Ada") is "${said}"`);
}
if (hello('de', 'Ada') !== 'Willkommen, Ada!') fail('hello() broke');
