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

let page: DashboardPage | undefined;

/** The page, put together on first use; throws a DashboardError when the script is not built. */
export function dashboardPage(): DashboardPage {
  page ??= assemble(readPageScript());
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

function assemble(pageScript: string): DashboardPage {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>plankeeper · plans</title>
<link rel="icon" href="data:,">
<style>${pageStyle}</style>
</head>
<body>
<header>
  <h1>plankeeper</h1>
  <input id="filter" type="search" placeholder="Filter by agent, session, scope or current step" aria-label="Filter plans" autocomplete="off">
  <select id="show" aria-label="Show plans">
    <option value="all">All plans</option>
    <option value="open">Open</option>
    <option value="stale">Stale</option>
    <option value="leftover">Leftover</option>
    <option value="done">Done</option>
    <option value="empty">Empty</option>
  </select>
  <span id="summary"></span>
  <span id="live" class="live">connecting…</span>
</header>
<p id="banner" role="alert" hidden></p>
<main>
  <section id="list-pane" aria-label="Plans">
    <table id="plans">
      <thead><tr><th class="agent">Agent</th><th class="session">Session</th><th class="scope">Scope</th><th class="progress">Progress</th><th class="now">Now</th><th class="state">State</th><th class="updated">Updated</th></tr></thead>
      <tbody id="rows"></tbody>
    </table>
    <p id="empty" hidden>Loading…</p>
  </section>
  <section id="detail-pane" aria-label="Selected plan" aria-live="polite"></section>
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
