/** The page's texts in the language the server wrote into `<html lang>` (see page-texts.ts). */
import { enPage, type PageTexts, zhPage } from '../page-texts.js';

export const texts: PageTexts = document.documentElement.lang.startsWith('zh') ? zhPage : enPage;
