/**
 * The support address (Reply-To of the notices that say 'reply', docs/decisions.md#e-mail-headers-and-replies)
 * is a deploy setting: every function that sends mail gets the deployer's SUPPORT_EMAIL, or the
 * address the site shows when none is set.
 */
import type { App } from "sst/constructs";
import { describe, expect, it } from "vitest";
import { STACKS } from "../../sst.config";
import { DEFAULT_SUPPORT_EMAIL, settings } from "../settings";
import { build, type Json, resources } from "./harness";

/** The SUPPORT_EMAIL of every function of the app that has a mail sender, by stack and logical id. */
async function supportAddresses(env: Record<string, string | undefined>) {
  const built = await build("placeholders", "test", env);
  const found: Record<string, unknown> = {};
  for (const stack of STACKS) {
    for (const [id, fn] of Object.entries(resources(built.template(stack), "AWS::Lambda::Function"))) {
      const vars = (fn as Json).Properties.Environment?.Variables ?? {};
      if (vars.MAIL_FROM !== undefined) found[`${stack.name}/${id}`] = vars.SUPPORT_EMAIL;
    }
  }
  return found;
}

describe("SUPPORT_EMAIL", () => {
  it("reaches every function that sends mail (routes, render tasks, jobs), and defaults to the address the site shows", async () => {
    const set = await supportAddresses({ SUPPORT_EMAIL: "help@example.com" });
    const stacks = new Set(Object.keys(set).map((key) => key.split("/")[0]));
    expect([...stacks].sort()).toEqual(["Api", "Jobs", "Render"]);
    expect(Object.keys(set).length).toBeGreaterThan(60);
    for (const [fn, address] of Object.entries(set)) expect(address, fn).toBe("help@example.com");

    const unset = await supportAddresses({});
    for (const [fn, address] of Object.entries(unset)) expect(address, fn).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(DEFAULT_SUPPORT_EMAIL).toBe("support@storyboard.app");
  });

  it("refuses an address with a display name or without a domain at synth, naming the setting", () => {
    const app = { stage: "test" } as App;
    const saved = process.env.SUPPORT_EMAIL;
    try {
      for (const bad of ["Support <help@example.com>", "help@", "help"]) {
        process.env.SUPPORT_EMAIL = bad;
        expect(() => settings(app), bad).toThrow(`SUPPORT_EMAIL=${bad} is not an e-mail address`);
      }
      process.env.SUPPORT_EMAIL = "help@example.com";
      expect(settings(app).supportEmail).toBe("help@example.com");
    } finally {
      if (saved === undefined) delete process.env.SUPPORT_EMAIL;
      else process.env.SUPPORT_EMAIL = saved;
    }
  });
});
