/**
 * The dashboard page's script: plain browser JavaScript kept as a string, so the
 * server needs no build step or static files. Every piece of plan text reaches the DOM
 * through `textContent` (never `innerHTML`): item text is model-written.
 *
 * The list renders once into a DocumentFragment; live events re-fetch only the
 * sessions that changed and replace their rows.
 */
export const pageScript = String.raw`
'use strict';
(() => {
  const params = new URLSearchParams(location.search);
  const token = params.get('token') || '';
  const STATES = { stale: 'stale', leftover: 'leftover', done: 'done', open: 'open', empty: 'empty' };

  const rowsBody = document.getElementById('rows');
  const table = document.getElementById('plans');
  const detail = document.getElementById('detail-pane');
  const filterBox = document.getElementById('filter');
  const showBox = document.getElementById('show');
  const summary = document.getElementById('summary');
  const live = document.getElementById('live');
  const banner = document.getElementById('banner');
  const emptyNote = document.getElementById('empty');

  const state = {
    plans: new Map(),
    rows: new Map(),
    selected: null,
    selectedPlan: null,
    offset: 0,
    staleAfterMs: 600000,
    loaded: false,
  };
  let listTicket = 0;
  let detailTicket = 0;

  // --- small helpers -------------------------------------------------------------

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function withToken(path) {
    if (!token) return path;
    return path + (path.indexOf('?') < 0 ? '?' : '&') + 'token=' + encodeURIComponent(token);
  }

  async function getJson(path) {
    const response = await fetch(path, {
      cache: 'no-store',
      headers: token ? { Authorization: 'Bearer ' + token } : {},
    });
    let body = null;
    try {
      body = await response.json();
    } catch (error) {
      body = null;
    }
    if (!response.ok) {
      throw new Error((body && body.error) || 'The server answered ' + response.status + '.');
    }
    return body;
  }

  function serverNow() {
    return Date.now() + state.offset;
  }

  function syncClock(body) {
    state.offset = body.now - Date.now();
    state.staleAfterMs = body.staleAfterMs;
  }

  function ago(at) {
    const seconds = Math.max(0, Math.round((serverNow() - at) / 1000));
    if (seconds < 5) return 'just now';
    if (seconds < 60) return seconds + 's ago';
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return minutes + 'm ago';
    const hours = Math.round(minutes / 60);
    if (hours < 48) return hours + 'h ago';
    return Math.round(hours / 24) + 'd ago';
  }

  function planState(plan) {
    if (plan.total === 0) return STATES.empty;
    if (plan.open === 0) return STATES.done;
    if (plan.leftover) return STATES.leftover;
    if (serverNow() - plan.updatedAt >= state.staleAfterMs) return STATES.stale;
    return STATES.open;
  }

  function showBanner(text) {
    banner.textContent = text;
    banner.hidden = !text;
  }

  function compareText(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function comparePlans(a, b) {
    return compareText(a.agent, b.agent) || compareText(a.session, b.session) || compareText(a.key, b.key);
  }

  function count(number) {
    return number.toLocaleString('en');
  }

  function scopeText(scope) {
    return scope.length ? scope.join(' › ') : '';
  }

  function bar(done, total) {
    const outer = el('span', 'bar');
    const inner = el('span');
    inner.style.width = (total ? Math.round((done / total) * 100) : 0) + '%';
    outer.append(inner);
    outer.setAttribute('role', 'img');
    outer.setAttribute('aria-label', done + ' of ' + total + ' completed');
    return outer;
  }

  // --- the list ------------------------------------------------------------------

  function renderRow(plan) {
    const row = el('tr', 'plan');
    row.dataset.key = plan.key;
    row.tabIndex = 0;
    const progress = el('td', 'progress');
    progress.append(bar(plan.completed, plan.total), el('span', 'count', plan.completed + '/' + plan.total));
    const now = el('td', 'now');
    if (plan.error) {
      now.append(el('span', 'error', plan.error));
    } else if (plan.current) {
      now.append(el('span', 'pulse'), el('span', 'doing', plan.current.activeForm || plan.current.content));
      now.title = '#' + plan.current.id + ' ' + plan.current.content;
    } else if (plan.total === 0) {
      now.append(el('span', 'muted', 'empty plan'));
    } else if (plan.open === 0) {
      now.append(el('span', 'muted', 'all done'));
    } else {
      now.append(el('span', 'muted', plan.open + ' open, none in progress'));
    }
    row.append(
      el('td', 'agent', plan.agent),
      el('td', 'session', plan.session),
      el('td', 'scope', scopeText(plan.scope)),
      progress,
      now,
      el('td', 'state'),
      el('td', 'updated'),
    );
    row.cells[0].title = plan.agent;
    row.cells[1].title = plan.session;
    row.cells[2].title = scopeText(plan.scope);
    const words = [plan.agent, plan.session].concat(plan.scope);
    if (plan.current) words.push(plan.current.content, plan.current.activeForm || '');
    row.dataset.search = words.join('\n').toLowerCase();
    refreshRow(row, plan);
    if (plan.key === state.selected) row.classList.add('selected');
    return row;
  }

  // Age-dependent parts: the state badge and "updated" time, redrawn as time passes.
  function refreshRow(row, plan) {
    const current = planState(plan);
    if (row.dataset.state !== current) {
      row.dataset.state = current;
      row.classList.remove('is-stale', 'is-done', 'is-open', 'is-empty');
      row.classList.add('is-' + current);
      row.cells[5].replaceChildren(el('span', 'badge ' + current, current));
    }
    // The exact time goes in the tooltip when hovered: formatting a thousand dates up
    // front would cost more than the rest of the row.
    row.cells[6].textContent = ago(plan.updatedAt);
  }

  function rowMatches(row) {
    const text = filterBox.value.trim().toLowerCase();
    const show = showBox.value;
    if (show !== 'all' && row.dataset.state !== show && !(show === 'open' && row.dataset.state === 'stale')) {
      return false;
    }
    return !text || row.dataset.search.indexOf(text) >= 0;
  }

  function applyFilter() {
    let shown = 0;
    for (const row of state.rows.values()) {
      const match = rowMatches(row);
      row.hidden = !match;
      if (match) shown++;
    }
    emptyNote.hidden = shown > 0;
    emptyNote.textContent = state.rows.size === 0 ? 'No plans yet.' : 'No plan matches the filter.';
    updateSummary(shown);
  }

  function updateSummary(shown) {
    const counts = { stale: 0, done: 0, open: 0, empty: 0 };
    const agents = new Set();
    for (const row of state.rows.values()) counts[row.dataset.state]++;
    for (const plan of state.plans.values()) agents.add(plan.agent);
    const total = state.plans.size;
    summary.textContent =
      (shown === total ? count(total) : count(shown) + ' of ' + count(total)) + ' plans · ' +
      count(agents.size) + ' agents · ' + count(counts.open + counts.stale) + ' open · ' +
      count(counts.stale) + ' stale · ' + count(counts.done) + ' done';
  }

  function renderAll() {
    const started = performance.now();
    const fragment = document.createDocumentFragment();
    const plans = Array.from(state.plans.values()).sort(comparePlans);
    state.rows = new Map();
    for (const plan of plans) {
      const row = renderRow(plan);
      state.rows.set(plan.key, row);
      fragment.append(row);
    }
    rowsBody.replaceChildren(fragment);
    applyFilter();
    table.dataset.rows = String(state.rows.size);
    table.dataset.renderMs = (performance.now() - started).toFixed(1);
    // Milliseconds since navigation began: what a person waits for the list.
    table.dataset.shownAt = performance.now().toFixed(0);
  }

  async function loadAll() {
    const ticket = ++listTicket;
    try {
      const body = await getJson('/api/plans');
      if (ticket !== listTicket) return;
      syncClock(body);
      state.plans = new Map(body.plans.map((plan) => [plan.key, plan]));
      state.loaded = true;
      renderAll();
      showBanner('');
    } catch (error) {
      showBanner('Cannot load plans: ' + error.message);
    }
  }

  // Re-reads the plans of the given agent/session pairs and patches their rows.
  async function refreshSessions(pairs) {
    const bodies = await Promise.all(
      pairs.map((pair) =>
        getJson('/api/plans?agent=' + encodeURIComponent(pair.agent) + '&session=' + encodeURIComponent(pair.session)),
      ),
    );
    let reorder = false;
    const touched = [];
    bodies.forEach((body, index) => {
      const pair = pairs[index];
      syncClock(body);
      const fresh = new Set(body.plans.map((plan) => plan.key));
      for (const [key, plan] of state.plans) {
        if (plan.agent === pair.agent && plan.session === pair.session && !fresh.has(key)) {
          state.plans.delete(key);
          const row = state.rows.get(key);
          if (row) row.remove();
          state.rows.delete(key);
        }
      }
      for (const plan of body.plans) {
        state.plans.set(plan.key, plan);
        touched.push(plan.key);
        const row = state.rows.get(plan.key);
        if (!row) {
          reorder = true;
          continue;
        }
        const next = renderRow(plan);
        row.replaceWith(next);
        state.rows.set(plan.key, next);
      }
    });
    if (reorder) renderAll();
    else applyFilter();
    table.dataset.rows = String(state.rows.size);
    for (const key of touched) {
      const row = state.rows.get(key);
      if (row) row.classList.add('flash');
    }
  }

  // --- one plan ------------------------------------------------------------------

  const MARKERS = { pending: '[ ]', in_progress: '[>]', completed: '[x]', cancelled: '[-]' };

  function describeChange(change) {
    const ref = change.id ? '#' + change.id + ' ' : '';
    switch (change.kind) {
      case 'added':
        return ['+', ref + change.content + (change.status === 'pending' ? '' : ' (' + change.status + ')')];
      case 'started':
        return ['▶', 'started ' + ref + (change.activeForm || change.content)];
      case 'completed':
        return ['✓', 'completed ' + ref + change.content + (change.note ? ' — ' + change.note : '')];
      case 'cancelled':
        return ['✗', 'cancelled ' + ref + change.content + (change.note ? ' — ' + change.note : '')];
      case 'status':
        return ['↺', ref + change.from + ' → ' + change.to + ': ' + change.content];
      case 'edited':
        return ['✎', 'edited ' + change.fields.join(', ') + ' of ' + ref + change.content +
          (change.fields.indexOf('content') >= 0 ? ' (was: ' + change.previous + ')' : '')];
      case 'removed':
        return ['−', 'removed ' + ref + change.content];
      case 'dropped':
        return ['!', 'dropped ' + ref + change.content + ' while ' + change.status.replace('_', ' ')];
      case 'cleared':
        return ['∅', 'plan cleared (' + change.count + ' items)'];
      default:
        return ['?', JSON.stringify(change)];
    }
  }

  function renderItems(items) {
    const list = el('ol', 'items');
    for (const item of items) {
      const entry = el('li', 'item status-' + item.status);
      entry.dataset.id = item.id;
      entry.dataset.status = item.status;
      // Spaces between the parts keep copied text readable ("[x] #1 Step").
      entry.append(
        el('span', 'marker', MARKERS[item.status] || '[?]'), ' ',
        el('span', 'item-id', '#' + item.id), ' ',
        el('span', 'content', item.content),
      );
      if (item.status === 'in_progress' && item.activeForm) entry.append(el('div', 'item-extra active', 'now: ' + item.activeForm));
      if (item.description) entry.append(el('div', 'item-extra description', item.description));
      if (item.note) entry.append(el('div', 'item-extra note', 'note: ' + item.note));
      list.append(entry);
    }
    return list;
  }

  function renderTimeline(timeline) {
    const list = el('ol', 'timeline');
    for (let index = timeline.length - 1; index >= 0; index--) {
      const revision = timeline[index];
      const entry = el('li', revision.deleted ? 'revision deleted' : 'revision');
      entry.dataset.version = String(revision.version);
      const meta = el('div', 'meta');
      const time = el('time', 'at', new Date(revision.at).toLocaleTimeString() + ' · ' + ago(revision.at));
      time.dateTime = new Date(revision.at).toISOString();
      time.title = new Date(revision.at).toLocaleString();
      meta.append(time, ' ', el('span', 'version', 'v' + revision.version), ' ', el('span', 'tool', revision.tool));
      if (revision.callId) meta.append(' ', el('span', 'call', 'call ' + revision.callId));
      if (!revision.deleted) meta.append(' ', el('span', 'after', revision.completed + '/' + revision.total + ' done'));
      entry.append(meta);
      if (revision.summary) entry.append(el('div', 'summary', revision.summary));
      const changes = el('ul', 'changes');
      if (revision.changes === null) {
        changes.append(el('li', 'muted', 'earlier history not kept'));
      } else if (revision.changes.length === 0) {
        changes.append(el('li', 'muted', 'no item changed'));
      }
      for (const change of revision.changes || []) {
        const line = el('li', 'change change-' + change.kind);
        const described = describeChange(change);
        line.append(el('span', 'sign', described[0]), ' ', el('span', 'text', described[1]));
        changes.append(line);
      }
      entry.append(changes);
      list.append(entry);
    }
    return list;
  }

  function renderDetail(plan) {
    state.selectedPlan = plan;
    const done = plan.items.filter((item) => item.status === 'completed').length;
    const head = el('div', 'detail-head');
    head.append(el('h2', 'title', plan.agent + ' / ' + plan.session));
    const meta = el('div', 'meta');
    if (plan.scope.length) meta.append(el('span', 'scope', 'scope: ' + scopeText(plan.scope)));
    const badge = el('span', 'badge detail-state');
    meta.append(badge, ' ', el('span', 'version', 'v' + plan.version), ' ', el('span', 'updated'));
    head.append(meta);
    const parts = [head];
    if (!plan.exists) {
      parts.push(el('p', 'hint', 'This plan was deleted or expired; its history is below.'));
    } else {
      parts.push(el('h3', null, 'Items · ' + done + '/' + plan.items.length + ' completed'));
      parts.push(plan.items.length ? renderItems(plan.items) : el('p', 'hint', 'The plan is empty.'));
    }
    parts.push(el('h3', null, 'Timeline · newest first'));
    parts.push(plan.timeline.length ? renderTimeline(plan.timeline) : el('p', 'hint', 'No history kept.'));
    detail.replaceChildren(...parts);
    detail.dataset.key = plan.key;
    detail.dataset.version = String(plan.version);
    refreshDetailAge();
  }

  function refreshDetailAge() {
    const plan = state.selectedPlan;
    if (!plan) return;
    const badge = detail.querySelector('.detail-state');
    const updated = detail.querySelector('.detail-head .updated');
    if (!badge || !updated) return;
    const open = plan.items.filter((item) => item.status === 'pending' || item.status === 'in_progress').length;
    const current = !plan.exists
      ? 'deleted'
      : planState({ total: plan.items.length, open: open, updatedAt: plan.updatedAt, leftover: plan.leftover });
    badge.className = 'badge detail-state ' + current;
    badge.textContent = current;
    updated.textContent = plan.updatedAt ? 'updated ' + ago(plan.updatedAt) : '';
  }

  function markSelected() {
    for (const row of rowsBody.querySelectorAll('tr.selected')) row.classList.remove('selected');
    const row = state.selected && state.rows.get(state.selected);
    if (row) row.classList.add('selected');
  }

  async function loadDetail(key) {
    const ticket = ++detailTicket;
    try {
      const plan = await getJson('/api/plan?key=' + encodeURIComponent(key));
      if (ticket === detailTicket && state.selected === key) renderDetail(plan);
    } catch (error) {
      if (ticket === detailTicket) detail.replaceChildren(el('p', 'error', error.message));
    }
  }

  function selectFromHash() {
    const match = /^#plan=(.+)$/.exec(location.hash);
    let key = null;
    try {
      key = match ? decodeURIComponent(match[1]) : null;
    } catch (error) {
      key = null;
    }
    state.selected = key;
    markSelected();
    if (key) loadDetail(key);
    else {
      state.selectedPlan = null;
      detail.replaceChildren(el('p', 'hint', 'Select a plan to see its items and history.'));
    }
  }

  function select(key) {
    const hash = '#plan=' + encodeURIComponent(key);
    if (location.hash === hash) selectFromHash();
    else location.hash = hash;
  }

  // --- live updates ----------------------------------------------------------------

  const pendingPairs = new Map();
  let pendingDetail = false;
  let flushTimer = 0;

  function schedule() {
    if (!flushTimer) flushTimer = setTimeout(flush, 120);
  }

  async function flush() {
    flushTimer = 0;
    const pairs = Array.from(pendingPairs.values());
    const detailToo = pendingDetail;
    pendingPairs.clear();
    pendingDetail = false;
    try {
      // Many sessions at once: one full listing is cheaper than many small ones.
      if (!state.loaded || pairs.length > 20) await loadAll();
      else if (pairs.length) await refreshSessions(pairs);
      showBanner('');
    } catch (error) {
      showBanner('Cannot refresh plans: ' + error.message);
    }
    if (detailToo && state.selected) await loadDetail(state.selected);
  }

  function connect() {
    const source = new EventSource(withToken('/api/events'));
    let opened = false;
    let fallback = setTimeout(() => {
      if (!state.loaded) loadAll();
    }, 2000);
    source.addEventListener('open', () => {
      live.textContent = 'live';
      live.className = 'live on';
      clearTimeout(fallback);
      // Load after the stream is up, so no write falls between the two; after a
      // reconnect this catches up on whatever was missed.
      loadAll();
      if (opened && state.selected) loadDetail(state.selected);
      opened = true;
    });
    source.addEventListener('error', () => {
      const closed = source.readyState === EventSource.CLOSED;
      live.textContent = closed ? 'not live (refused)' : 'reconnecting…';
      live.className = 'live off';
      if (closed) {
        clearTimeout(fallback);
        fallback = 0;
        loadAll();
      }
    });
    source.addEventListener('plan-changed', (message) => {
      let event;
      try {
        event = JSON.parse(message.data);
      } catch (error) {
        return;
      }
      pendingPairs.set(event.agent + '\u0000' + event.session, { agent: event.agent, session: event.session });
      if (event.key === state.selected) pendingDetail = true;
      schedule();
    });
  }

  // --- wiring ----------------------------------------------------------------------

  rowsBody.addEventListener('click', (event) => {
    const row = event.target.closest('tr[data-key]');
    if (row) select(row.dataset.key);
  });
  rowsBody.addEventListener('mouseover', (event) => {
    const cell = event.target.closest('td.updated');
    const row = cell && cell.parentElement;
    const plan = row && state.plans.get(row.dataset.key);
    if (plan) cell.title = new Date(plan.updatedAt).toLocaleString();
  });
  rowsBody.addEventListener('keydown', (event) => {
    const row = event.target.closest('tr[data-key]');
    if (row && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      select(row.dataset.key);
    }
  });
  filterBox.addEventListener('input', applyFilter);
  showBox.addEventListener('change', applyFilter);
  window.addEventListener('hashchange', selectFromHash);
  setInterval(() => {
    for (const [key, row] of state.rows) {
      const plan = state.plans.get(key);
      if (plan) refreshRow(row, plan);
    }
    applyFilter();
    refreshDetailAge();
  }, 15000);

  selectFromHash();
  connect();
})();
`;
