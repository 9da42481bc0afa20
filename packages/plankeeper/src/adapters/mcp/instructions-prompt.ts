/**
 * The default planning instructions as an MCP prompt, `plan-instructions`, so a client can
 * put them in its system prompt in the language it wants.
 */
import {
  ErrorCode,
  type GetPromptResult,
  McpError,
  type Prompt,
} from '@modelcontextprotocol/sdk/types.js';
import { defaultInstructions } from '../../harness/instructions.js';
import { LOCALE_IDS, type LocaleId } from '../../locale/index.js';

export const INSTRUCTIONS_PROMPT_NAME = 'plan-instructions';

export const instructionsPrompt: Prompt = {
  name: INSTRUCTIONS_PROMPT_NAME,
  title: 'Planning instructions',
  description: 'System-prompt guidance on when and how to keep a todo list.',
  arguments: [
    {
      name: 'locale',
      description: `Language of the instructions: ${LOCALE_IDS.join(' or ')}. Default: the server's language.`,
      required: false,
    },
  ],
};

export function getInstructionsPrompt(
  args: Record<string, string> | undefined,
  fallback: LocaleId,
): GetPromptResult {
  const requested = args?.locale?.trim() || fallback;
  if (!isLocaleId(requested)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown locale ${JSON.stringify(requested)} for ${INSTRUCTIONS_PROMPT_NAME}; use ${LOCALE_IDS.map((id) => JSON.stringify(id)).join(' or ')}.`,
    );
  }
  return {
    description: instructionsPrompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: defaultInstructions(requested) } }],
  };
}

function isLocaleId(value: string): value is LocaleId {
  return (LOCALE_IDS as readonly string[]).includes(value);
}
