/**
 * Issue 20 item 7, as the attack: someone else on the developer's network connects to the ports of
 * the local stand-ins. Each one listens on 127.0.0.1 only, so from this machine's own network
 * address the same port refuses, while 127.0.0.1 answers (docs/decisions.md#local-runtime-stays-local).
 */
import { connect } from "node:net";
import { networkInterfaces } from "node:os";

/** An address of this machine that others on its network reach, when it has one. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

const outcome = (host: string, port: number) =>
  new Promise<"open" | "refused" | "other">((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once("connect", () => (socket.destroy(), resolve("open")));
    socket.once("timeout", () => (socket.destroy(), resolve("other")));
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED" ? "refused" : "other"));
  });

const endpoints = () =>
  Object.entries({
    "DynamoDB Local": process.env.DYNAMODB_ENDPOINT,
    "local S3": process.env.S3_ENDPOINT,
    "local SES": process.env.SES_URL,
    "Cognito Local": process.env.COGNITO_ENDPOINT,
    "Stripe stand-in": process.env.STRIPE_API_URL,
    "API and app": process.env.API_URL,
  }).map(([name, url]) => ({ name, port: Number(new URL(url!).port) }));

describe("the local stand-ins", () => {
  it.skipIf(!networkAddress)("answer on 127.0.0.1 and refuse connections to this machine's network address", async () => {
    const list = endpoints();
    expect(list.every((e) => e.port > 0)).toBe(true);
    for (const { name, port } of list) {
      expect(await outcome("127.0.0.1", port), `${name} on 127.0.0.1:${port}`).toBe("open");
      expect(await outcome(networkAddress!, port), `${name} on ${networkAddress}:${port}`).toBe("refused");
    }
  });
});
