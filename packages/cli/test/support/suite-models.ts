/**
 * Models for the suite eval's tests, as OpenAI-compatible answers computed from each request,
 * so runs may go in any order and in parallel. A task says what to change in lines
 * `EDIT file: old -> new`. The `lazy` model makes the first edit and answers "done" unless it
 * has been sent back (it answered before in this conversation); then it does the rest. The
 * `solver` does every edit at once. Both keep a plan when they have the plan tools. `broken`
 * answers every call with a server error.
 */
import { openaiWire, type RecordedRequest, type ScriptedReply } from './fake-provider-server.js';

export type SuiteModelKind = 'lazy' | 'solver' | 'broken';

interface WireMessage {
  role: string;
  content?: string | null;
  tool_calls?: Array<{ function: { name: string; arguments: string } }>;
}

interface Edit {
  path: string;
  old: string;
  new: string;
}

export function suiteModel(kind: SuiteModelKind): (request: RecordedRequest) => ScriptedReply {
  return (request) => {
    if (kind === 'broken') {
      return {
        status: 500,
        headers: { 'x-should-retry': 'false' },
        json: { error: { message: 'the model server is down' } },
      };
    }
    const body = request.body as {
      messages: WireMessage[];
      tools?: Array<{ function: { name: string } }>;
    };
    // About four characters a token, over all the provider is sent: messages and tool schemas.
    const usage = { prompt: Math.ceil(JSON.stringify(body).length / 4), completion: 20 };
    const next = nextMove(kind, body);
    const id = `call_${body.messages.length}`;
    return next.tool === undefined
      ? openaiWire.completion({ content: next.answer, usage })
      : openaiWire.completion({
          toolCalls: [{ id, name: next.tool, arguments: JSON.stringify(next.args) }],
          usage,
        });
  };
}

type Move =
  | { tool: string; args: unknown; answer?: undefined }
  | { tool?: undefined; answer: string };

function nextMove(
  kind: 'lazy' | 'solver',
  body: { messages: WireMessage[]; tools?: Array<{ function: { name: string } }> },
): Move {
  const task = body.messages.find((message) => message.role === 'user')?.content ?? '';
  const edits = [...task.matchAll(/^EDIT (\S+): (.+) -> (.+)$/gm)].map(
    ([, path, old, replacement]) => ({ path, old, new: replacement }) as Edit,
  );
  const calls = body.messages.flatMap((message) => message.tool_calls ?? []);
  const answered = body.messages.some(
    (message) => message.role === 'assistant' && !message.tool_calls?.length,
  );
  const planned = calls.filter((call) => call.function.name === 'todo_write').length;
  const edited = calls.filter((call) => call.function.name === 'edit_file').length;
  const hasPlanTools = (body.tools ?? []).some((tool) => tool.function.name === 'todo_write');
  const all = kind === 'solver' || answered;
  if (hasPlanTools && planned === 0) return planWrite(edits, 'pending');
  const edit = edits[edited];
  if (edit && (all || edited === 0)) {
    return { tool: 'edit_file', args: { path: edit.path, old_text: edit.old, new_text: edit.new } };
  }
  if (hasPlanTools && all && planned === 1) return planWrite(edits, 'completed');
  return { answer: 'done' };
}

function planWrite(edits: readonly Edit[], status: 'pending' | 'completed'): Move {
  return {
    tool: 'todo_write',
    args: {
      todos: edits.map((edit, index) => ({
        content: `Edit ${edit.path}`,
        status: status === 'pending' && index === 0 ? 'in_progress' : status,
      })),
    },
  };
}
