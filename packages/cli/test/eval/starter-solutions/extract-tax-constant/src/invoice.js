import { TAX_RATE } from './constants.js';

export function taxLine(net) {
  return `VAT ${Math.round(TAX_RATE * 100)}%: ${Math.round(net * TAX_RATE)}`;
}
