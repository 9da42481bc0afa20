/** A price in cents as text: `{ amount: 1234, currency: "EUR" }` is `"12.34 EUR"`. */
export function formatPrice({ amount, currency = 'USD' }) {
  return `${(amount / 100).toFixed(2)} ${currency}`;
}
