/** The steps a buyer goes through. */
export function checkoutSteps() {
  return ['cart', 'pay', 'done'];
}
