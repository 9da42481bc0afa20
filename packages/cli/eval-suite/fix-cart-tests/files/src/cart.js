import { applyDiscount } from './discount.js';

/** A shopping cart; prices in cents. */
export function createCart() {
  return { lines: [] };
}

export function addItem(cart, sku, price, quantity = 1) {
  const line = cart.lines.find((entry) => entry.sku === sku);
  if (line) line.quantity = quantity;
  else cart.lines.push({ sku, price, quantity });
  return cart;
}

export function total(cart, code) {
  const subtotal = cart.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return applyDiscount(subtotal, code);
}
