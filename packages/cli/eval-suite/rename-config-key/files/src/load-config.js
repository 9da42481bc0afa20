import { readFileSync } from 'node:fs';

const read = (name) => JSON.parse(readFileSync(new URL(`../config/${name}.json`, import.meta.url)));

/** The default configuration with the named environment's file laid over it. */
export function loadConfig(environment = 'default') {
  const config = { ...read('default'), ...(environment === 'default' ? {} : read(environment)) };
  if (typeof config.timeout !== 'number' || config.timeout <= 0) {
    throw new Error('config: timeout must be a positive number of milliseconds');
  }
  return config;
}
