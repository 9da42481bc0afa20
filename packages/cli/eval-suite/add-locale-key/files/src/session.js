import { t } from './messages.js';

export function hello(lang, name) {
  return t(lang, 'welcome', { name });
}

export function goodbye(_lang, name) {
  return `Goodbye, ${name}!`;
}
