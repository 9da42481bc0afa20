/** Writing an agent's config into a run's isolated home. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes `content` (text, or any other value as JSON) to `path`, creating its folders. */
export function writeConfigFile(path: string, content: string | object): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
  );
}
