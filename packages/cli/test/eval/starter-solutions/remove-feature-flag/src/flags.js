/** Feature flags; a flag lives here until its feature ships to everyone. */
export const flags = {
  darkMode: false,
  giftCards: true,
};
