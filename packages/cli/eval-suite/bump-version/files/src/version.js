/** Printed by `widget --version`; kept in step with package.json. */
export const VERSION = '2.3.1';
