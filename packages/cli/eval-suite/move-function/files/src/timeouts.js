import * as utils from './utils.js';

export const DEFAULT_TIMEOUT = utils.parseDuration('2m');
