/** Installs the prompt handlers: the planning instructions as the prompt `plan-instructions`. */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { LocaleId } from '../../locale/index.js';
import {
  getInstructionsPrompt,
  INSTRUCTIONS_PROMPT_NAME,
  instructionsPrompt,
} from './instructions-prompt.js';

export function setPromptRequestHandlers(server: Server, localeId: LocaleId): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [instructionsPrompt] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== INSTRUCTIONS_PROMPT_NAME) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown prompt ${JSON.stringify(request.params.name)}; available: ${INSTRUCTIONS_PROMPT_NAME}.`,
      );
    }
    return getInstructionsPrompt(request.params.arguments, localeId);
  });
}
