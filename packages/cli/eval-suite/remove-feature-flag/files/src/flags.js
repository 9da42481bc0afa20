/** Feature flags; a flag lives here until its feature ships to everyone. */
export const flags = {
  newCheckout: true,
  darkMode: false,
  giftCards: true,
};
