/**
 * The dashboard page as one HTML document with its style and script inline. The
 * Content-Security-Policy allows exactly that style and script (by hash) and requests
 * to this server only, so even text that slipped past escaping could not run.
 */
import { createHash } from 'node:crypto';
import { pageScript } from './page-script.js';
import { pageStyle } from './page-style.js';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

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

export const dashboardPage = {
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
  } as Record<string, string>,
};
