// Vite's `?raw` imports (a file's text), used by tests that check configuration files against the code.
declare module "*?raw" {
  const text: string;
  export default text;
}
