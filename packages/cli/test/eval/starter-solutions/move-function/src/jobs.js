import { parseDuration } from './time.js';
import { plural } from './utils.js';

export function describeJob(job) {
  return `${job.name} every ${parseDuration(job.every) / 1000}s, ${plural(job.retries, 'retry')}`;
}
