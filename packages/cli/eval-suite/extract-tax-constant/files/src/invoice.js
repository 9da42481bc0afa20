export function taxLine(net) {
  return `VAT 20%: ${Math.round(net * 0.2)}`;
}
