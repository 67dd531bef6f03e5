/**
 * `npm start` keeps serving after an error that escaped every handler (an
 * event emitter's "error" nobody listened to, a promise nobody awaited). On
 * AWS such an error ends one Lambda invocation and the next request gets a
 * fresh runtime; here one process serves everything, so it logs and goes on.
 */
export function keepServingAfterStrayErrors(log: (message: string, error: unknown) => void = console.error) {
  process.on("uncaughtException", (error) => log("An error escaped a request handler; the server keeps running.", error));
  process.on("unhandledRejection", (reason) => log("A promise failed with nobody waiting for it; the server keeps running.", reason));
}
