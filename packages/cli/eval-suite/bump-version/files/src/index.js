import { VERSION } from './version.js';

export function banner() {
  return `widget ${VERSION}`;
}
