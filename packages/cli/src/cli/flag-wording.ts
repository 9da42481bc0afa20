/**
 * The model clients name their options (`apiKey`, `baseURL`) for library users; on the
 * command line the same advice must name the flags that set them.
 */
import { API_KEY_OPTION, BASE_URL_OPTION } from '../models/option-names.js';

export function inFlagTerms(message: string): string {
  return message.replaceAll(API_KEY_OPTION, '--api-key').replaceAll(BASE_URL_OPTION, '--base-url');
}
