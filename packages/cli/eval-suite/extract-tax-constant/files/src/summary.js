import { gross } from './price.js';

const RATE = 0.2;

export function summary(nets) {
  const net = nets.reduce((sum, value) => sum + value, 0);
  return { net, tax: Math.round(net * RATE), gross: gross(net) };
}
