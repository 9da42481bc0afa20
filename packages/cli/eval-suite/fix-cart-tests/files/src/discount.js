/** Applies a discount code to a subtotal in cents. Unknown codes change nothing. */
const CODES = {
  TENOFF: { percent: 10 },
  FIVER: { cents: 500 },
};

export function applyDiscount(subtotal, code) {
  const discount = CODES[code];
  if (!discount) return subtotal;
  if (discount.percent) return Math.round(subtotal * (1 - discount.percent / 100));
  return subtotal - discount.cents;
}
