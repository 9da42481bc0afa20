/** The greeting shown when a person signs in. */
export function greet(name) {
  return `Helo, ${name}!`;
}

/** The line shown when a person signs out. */
export function farewell(name) {
  return `Goodbye, ${name}.`;
}
