import { t } from './messages.js';

export function hello(lang, name) {
  return t(lang, 'welcome', { name });
}

export function goodbye(lang, name) {
  return t(lang, 'farewell', { name });
}
