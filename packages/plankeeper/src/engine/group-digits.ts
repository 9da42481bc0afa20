/**
 * A whole number with a comma between each group of three digits ("10,000"), as
 * `toLocaleString('en-US')` writes it, without Intl: the first use of Intl in a process
 * loads its locale data, about 16 ms, which every `plankeeper hook` and `plankeeper mcp`
 * start paid for one line of help text it never showed.
 */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
