/**
 * `--model provider:name [--base-url URL] [--api-key KEY]` as a model client, for every
 * command that talks to a real model (chat, eval). A spec or URL that cannot be one is a
 * usage error (exit 2); a missing key is configuration (exit 3). The model clients load
 * only here, when a command needs one.
 */
import { ConfigurationError, type ModelClient } from 'plankeeper';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';
import { inFlagTerms } from './flag-wording.js';

export interface ModelFlags {
  model: string;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
}

export async function modelClientFromFlags(flags: ModelFlags): Promise<ModelClient> {
  const { createModelClient, parseModelSpec } = await import('../models/create-model-client.js');
  try {
    parseModelSpec(flags.model);
  } catch (error) {
    if (ConfigurationError.isInstance(error)) {
      throw new CliError(inFlagTerms(error.message), EXIT.usage);
    }
    throw error;
  }
  checkBaseUrlFlag(flags.baseUrl);
  try {
    return createModelClient(flags.model, {
      ...(flags.baseUrl !== undefined && { baseURL: flags.baseUrl }),
      ...(flags.apiKey !== undefined && { apiKey: flags.apiKey }),
    });
  } catch (error) {
    // A missing key (or an unusable base URL from the environment) is configuration.
    if (ConfigurationError.isInstance(error)) {
      throw new CliError(inFlagTerms(error.message), EXIT.config);
    }
    throw error;
  }
}

/** `--base-url` as a usage error when it is no http(s) URL, for commands that pass it on unread. */
export function checkBaseUrlFlag(baseUrl: string | undefined): void {
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    throw new CliError(`--base-url: ${JSON.stringify(baseUrl)} is not an http(s) URL.`, EXIT.usage);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
