/**
 * Tokens from a model response body, in each wire format a coding agent speaks: Anthropic
 * Messages (`usage`; streamed: `message_start` then cumulative `message_delta`), OpenAI
 * Responses (`response.completed`'s `response.usage`), Chat Completions (`usage`, streamed in
 * the last chunk) and Gemini (`usageMetadata`, cumulative per chunk). Streams are read as SSE
 * `data:` lines; a plain body as one JSON value. The last figure seen wins, since every
 * streamed format repeats or grows its counts.
 */

export interface TokenCount {
  inputTokens: number;
  outputTokens: number;
}

type Json = Record<string, unknown>;

/** The token counts a response body reports (zero when it reports none). */
export function readUsage(body: string): TokenCount {
  const count: TokenCount = { inputTokens: 0, outputTokens: 0 };
  for (const event of jsonValues(body)) {
    const found = usageIn(event);
    if (found.input !== undefined) count.inputTokens = found.input;
    if (found.output !== undefined) count.outputTokens = found.output;
  }
  return count;
}

function jsonValues(body: string): Json[] {
  const trimmed = body.trim();
  const texts =
    trimmed.startsWith('{') || trimmed.startsWith('[')
      ? [trimmed]
      : body
          .split('\n')
          .flatMap((line) => (line.startsWith('data:') ? [line.slice(5).trim()] : []));
  return texts.flatMap((text) => {
    try {
      const value = JSON.parse(text) as unknown;
      // Gemini's non-streamed streamGenerateContent answers one array of chunks.
      const values = Array.isArray(value) ? value : [value];
      return values.filter((each): each is Json => each !== null && typeof each === 'object');
    } catch {
      return [];
    }
  });
}

function usageIn(event: Json): { input?: number; output?: number } {
  const response = event.response as Json | undefined;
  const message = event.message as Json | undefined;
  const usage = (response?.usage ?? message?.usage ?? event.usage) as Json | undefined;
  if (usage && typeof usage === 'object') return fromUsage(usage);
  const gemini = event.usageMetadata as Json | undefined;
  if (gemini && typeof gemini === 'object') {
    return { input: number(gemini.promptTokenCount), output: number(gemini.candidatesTokenCount) };
  }
  return {};
}

/** Anthropic counts cached input apart from `input_tokens`; the others include it. */
function fromUsage(usage: Json): { input?: number; output?: number } {
  const anthropicInput = number(usage.input_tokens);
  const cached =
    (number(usage.cache_creation_input_tokens) ?? 0) + (number(usage.cache_read_input_tokens) ?? 0);
  const input =
    number(usage.prompt_tokens) ??
    (anthropicInput === undefined ? undefined : anthropicInput + cached);
  const output = number(usage.completion_tokens) ?? number(usage.output_tokens);
  return { ...(input !== undefined && { input }), ...(output !== undefined && { output }) };
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
