/**
 * Every text a person reads on the dashboard page, per language. The server picks the
 * language (`plankeeper dashboard --lang zh`) and writes it into the page's `<html lang>`;
 * the page script reads it there (page/browser/texts.ts). No DOM here, so the server's
 * HTML and the snapshot tests use the same texts.
 */
import { enPage } from './en-page-texts.js';
import type { PageTexts } from './page-texts-shape.js';
import { zhPage } from './zh-page-texts.js';

export { enPage } from './en-page-texts.js';
export type { PageState, PageTexts } from './page-texts-shape.js';
export { zhPage } from './zh-page-texts.js';

export function pageTexts(lang: 'en' | 'zh'): PageTexts {
  return lang === 'zh' ? zhPage : enPage;
}
