/**
 * How the clients' messages name their options. A library user sets `apiKey` and
 * `baseURL`, not CLI flags; the CLI swaps these exact phrases for its flags (see
 * cli/flag-wording.ts).
 */
export const API_KEY_OPTION = 'the apiKey option';
export const BASE_URL_OPTION = 'the baseURL option';
