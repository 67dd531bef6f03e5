/** The package ships no types; espeak.ts describes the parts it uses. */
declare module "@echogarden/espeak-ng-emscripten" {
  const initialize: (options?: Record<string, unknown>) => Promise<unknown>;
  export default initialize;
}
