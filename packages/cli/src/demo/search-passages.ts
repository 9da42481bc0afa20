/**
 * Reads passages back out of knowledge_search results as the model received them:
 * `[1] file.md § Heading > Sub` followed by the passage text.
 */
export interface Passage {
  source: string;
  heading: string;
  text: string;
}

const HEADER = /^\[\d+\] (.+?) § (.+)$/;

export function passagesIn(resultText: string): Passage[] {
  const passages: Passage[] = [];
  let current: Passage | undefined;
  for (const line of resultText.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      current = { source: header[1]!, heading: header[2]!, text: '' };
      passages.push(current);
    } else if (current) {
      current.text += `${current.text ? '\n' : ''}${line}`;
    }
  }
  return passages;
}
