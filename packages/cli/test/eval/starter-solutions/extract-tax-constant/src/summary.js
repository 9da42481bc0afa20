import { TAX_RATE } from './constants.js';
import { gross } from './price.js';

export function summary(nets) {
  const net = nets.reduce((sum, value) => sum + value, 0);
  return { net, tax: Math.round(net * TAX_RATE), gross: gross(net) };
}
