/**
 * The dashboard page as one HTML document with its style and script inline. The
 * Content-Security-Policy allows exactly that style and script (by hash) and requests
 * to this server only, so even text that slipped past escaping could not run.
 *
 * The script is TypeScript in ./browser, bundled by the build into one file
 * (scripts/build-page.mjs); this module reads that file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DashboardError } from '../dashboard-error.js';
import { pageStyle } from './page-style.js';
import { type PageTexts, pageTexts } from './page-texts.js';

/**
 * Where the build writes the bundled script. src/dashboard/page and dist/dashboard/page
 * are equally deep in the package, so the server run from source (as the tests run it)
 * and the built one read the same file.
 */
const PAGE_SCRIPT = new URL('../../../dist/dashboard/page/browser-bundle.js', import.meta.url);

export interface DashboardPage {
  html: string;
  headers: Record<string, string>;
}

const pages = new Map<'en' | 'zh', DashboardPage>();

/**
 * The page in `lang`, put together on first use; throws a DashboardError when the script
 * is not built. The script reads its language from `<html lang>`.
 */
export function dashboardPage(lang: 'en' | 'zh' = 'en'): DashboardPage {
  let page = pages.get(lang);
  if (!page) {
    page = assemble(readPageScript(), pageTexts(lang));
    pages.set(lang, page);
  }
  return page;
}

function readPageScript(): string {
  let script: string;
  try {
    script = readFileSync(PAGE_SCRIPT, 'utf8');
  } catch (error) {
    throw new DashboardError(
      'The dashboard page script is not built; run `npm run build` (npm ci does it).',
      { cause: error },
    );
  }
  // Inline, the first `</script` would end the script early and let the rest be HTML.
  if (/<\/script/i.test(script)) {
    throw new DashboardError(
      'The dashboard page script contains "</script" and cannot be inlined.',
    );
  }
  return script;
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function assemble(pageScript: string, texts: PageTexts): DashboardPage {
  const { shell } = texts;
  const html = `<!doctype html>
<html lang="${texts.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shell.title}</title>
<link rel="icon" href="data:,">
<style>${pageStyle}</style>
</head>
<body>
<header>
  <h1>plankeeper</h1>
  <input id="filter" type="search" placeholder="${shell.filterPlaceholder}" aria-label="${shell.filterLabel}" autocomplete="off">
  <select id="show" aria-label="${shell.showLabel}">
${Object.entries(shell.show)
  .map(([value, label]) => `    <option value="${value}">${label}</option>`)
  .join('\n')}
  </select>
  <span id="summary"></span>
  <span id="live" class="live">${shell.connecting}</span>
</header>
<p id="banner" role="alert" hidden></p>
<main>
  <section id="list-pane" aria-label="${shell.plansLabel}">
    <table id="plans">
      <thead><tr>${Object.entries(shell.columns)
        .map(([name, label]) => `<th class="${name}">${label}</th>`)
        .join('')}</tr></thead>
      <tbody id="rows"></tbody>
    </table>
    <p id="empty" hidden>${shell.loading}</p>
  </section>
  <section id="detail-pane" aria-label="${shell.detailLabel}" aria-live="polite"></section>
</main>
<script>${pageScript}</script>
</body>
</html>
`;
  return {
    html,
    headers: {
      'content-security-policy': [
        "default-src 'none'",
        `script-src ${hash(pageScript)}`,
        `style-src ${hash(pageStyle)}`,
        "connect-src 'self'",
        'img-src data:',
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    },
  };
}
