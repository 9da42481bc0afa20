/**
 * The panel's browser script: a real AG-UI client (`HttpAgent` from `@ag-ui/client`) that
 * runs the agent at `/agent` and renders the shared state's `plankeeper` part as the plan,
 * item by item with its status, as the STATE_SNAPSHOT and STATE_DELTA events arrive.
 */
import { HttpAgent } from '@ag-ui/client';
import type { PlanState } from 'plankeeper/ag-ui';

const MARKERS = { pending: '○', in_progress: '▶', completed: '✓', cancelled: '✕' } as const;

const agent = new HttpAgent({ url: '/agent', threadId: 'panel' });
const chat = document.getElementById('chat')!;
const plan = document.getElementById('plan')!;
const progress = document.getElementById('progress')!;

function say(text: string, role: 'user' | 'assistant' | 'tool'): void {
  const line = document.createElement('div');
  line.className = role === 'tool' ? 'tool' : `message ${role}`;
  line.textContent = text;
  chat.append(line);
}

function render(state: PlanState | undefined): void {
  const items = state?.items ?? [];
  plan.replaceChildren(
    ...items.map((item) => {
      const row = document.createElement('li');
      row.className = item.status;
      row.dataset.id = item.id;
      const marker = document.createElement('span');
      marker.className = 'status';
      marker.textContent = MARKERS[item.status];
      const text = document.createElement('span');
      text.className = 'text';
      text.textContent = item.content;
      row.append(marker, text);
      return row;
    }),
  );
  const done = items.filter((item) => item.status === 'completed').length;
  progress.textContent = items.length ? `${done}/${items.length}` : '';
}

document.getElementById('ask')!.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = document.getElementById('task') as HTMLInputElement;
  const content = input.value.trim();
  if (!content) return;
  input.value = '';
  say(content, 'user');
  agent.addMessage({ id: crypto.randomUUID(), role: 'user', content });
  void agent
    .runAgent(
      {},
      {
        onStateChanged: ({ state }) => render((state as { plankeeper?: PlanState }).plankeeper),
        onToolCallEndEvent: ({ toolCallName }) => say(`⚙ ${toolCallName}`, 'tool'),
        onTextMessageEndEvent: ({ textMessageBuffer }) => say(textMessageBuffer, 'assistant'),
        onRunErrorEvent: ({ event }) => say(event.message, 'assistant'),
      },
    )
    .then(() => document.body.setAttribute('data-run', 'finished'))
    .catch((error: unknown) => say(String(error), 'assistant'));
});
