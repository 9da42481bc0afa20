import { createModelClient } from '@plankeeper/cli/models';
import { Agent } from 'plankeeper';

/** Any OpenAI-compatible server by its `baseURL`: Ollama here; GLM, DeepSeek, Qwen, vLLM alike. */
export async function ask(question: string, baseURL = 'http://127.0.0.1:11434/v1') {
  // A local server needs no key; others take `apiKey` (default: OPENAI_API_KEY).
  const model = createModelClient('openai:qwen2.5:7b', { baseURL });
  const agent = new Agent({ model, planning: true });
  const result = await agent.run(question);
  // A failed model call or an exhausted step budget does not throw: the run resolves with
  // `answer: null` and the reason in `error`. Configuration mistakes still throw.
  return result.error === null ? result.answer : `No answer: ${result.error}`;
}
