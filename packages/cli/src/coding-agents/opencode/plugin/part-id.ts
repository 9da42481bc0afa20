/** OpenCode's part ids: "prt_", (ms * 4096 + counter) in hex (12 digits at least), 14 random characters. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let counter = 0;

export function partId(now = Date.now(), random: () => number = Math.random): string {
  const time = (now * 4096 + (counter++ % 4096)).toString(16).padStart(12, '0');
  let suffix = '';
  for (let i = 0; i < 14; i++) suffix += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return `prt_${time}${suffix}`;
}
