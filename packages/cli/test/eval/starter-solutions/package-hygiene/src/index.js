export const VERSION = '0.5.0';

/** The sum of the numbers given; non-numbers are an error. */
export function sum(...numbers) {
  for (const number of numbers) {
    if (typeof number !== 'number') throw new TypeError(`not a number: ${number}`);
  }
  return numbers.reduce((total, number) => total + number, 0);
}
