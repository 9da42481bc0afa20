/**
 * The event stream: each `plan-changed` event marks its session for a re-read, and the
 * re-reads run together shortly after, so a burst of writes costs one round of requests.
 */
import type { PlanChangedEvent } from '../../api-types.js';
import { withToken } from './api.js';
import { live, showBanner } from './elements.js';
import { loadDetail } from './plan-detail.js';
import { loadAll, refreshSessions, type SessionPair } from './plan-list.js';
import { state } from './state.js';
import { texts } from './texts.js';

const pendingPairs = new Map<string, SessionPair>();
let pendingDetail = false;
let flushTimer = 0;

function schedule(): void {
  if (!flushTimer) flushTimer = setTimeout(flush, 120);
}

async function flush(): Promise<void> {
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
    showBanner(texts.list.cannotRefresh((error as Error).message));
  }
  if (detailToo && state.selected) await loadDetail(state.selected);
}

export function connect(): void {
  const source = new EventSource(withToken('/api/events'));
  let opened = false;
  let fallback = setTimeout(() => {
    if (!state.loaded) loadAll();
  }, 2000);
  source.addEventListener('open', () => {
    live.textContent = texts.live.on;
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
    live.textContent = closed ? texts.live.refused : texts.live.reconnecting;
    live.className = 'live off';
    if (closed) {
      clearTimeout(fallback);
      fallback = 0;
      loadAll();
    }
  });
  source.addEventListener('plan-changed', (message) => {
    let event: PlanChangedEvent;
    try {
      event = JSON.parse(message.data) as PlanChangedEvent;
    } catch {
      return;
    }
    pendingPairs.set(`${event.agent}\u0000${event.session}`, {
      agent: event.agent,
      session: event.session,
    });
    // A sub-agent's write moves the progress shown on the selected plan's item.
    const subAgents = state.selectedPlan?.subAgents ?? [];
    if (event.key === state.selected || subAgents.some((sub) => sub.key === event.key)) {
      pendingDetail = true;
    }
    schedule();
  });
}
