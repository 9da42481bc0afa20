import { describeJob } from './jobs.js';
import { backoff } from './retry.js';
import { DEFAULT_TIMEOUT } from './timeouts.js';

console.log(describeJob({ name: 'sync', every: '90s', retries: 1 }));
console.log([0, 3, 10].map((attempt) => backoff(attempt)).join(' '));
console.log(DEFAULT_TIMEOUT);
