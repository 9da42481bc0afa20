/** The gross price of a net price in cents. */
export function gross(net) {
  return Math.round(net * (1 + 0.2));
}
