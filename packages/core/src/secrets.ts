/**
 * Secrets on AWS arrive as SST bindings: `SST_Secret_value_NAME` holds either
 * the value or `__FETCH_FROM_SSM__`, which `sst/node/config` resolves from SSM
 * when first imported. This copies them into plain `NAME` variables once per
 * process, so the rest of the code reads `process.env.NAME` everywhere (and
 * locally, where nothing is bound, nothing changes).
 */
export const SECRET_NAMES = [
  "OPENAI_API_KEY",
  "ELEVENLABS_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  // The header CloudFront adds on its way to the API (docs/decisions.md#client-address).
  "ORIGIN_VERIFY_SECRET",
] as const;

const FETCH_FROM_SSM = "__FETCH_FROM_SSM__";
let loading: Promise<void> | undefined;

export function loadSecrets(): Promise<void> {
  loading ??= (async () => {
    const fromSsm: string[] = [];
    for (const name of SECRET_NAMES) {
      const bound = process.env[`SST_Secret_value_${name}`];
      if (process.env[name] || bound === undefined) continue;
      if (bound === FETCH_FROM_SSM) fromSsm.push(name);
      else process.env[name] = bound;
    }
    if (!fromSsm.length) return;
    const { Config } = (await ssmConfig()) as { Config: Record<string, string> };
    for (const name of fromSsm) if (Config[name]) process.env[name] = Config[name];
  })().catch((error: unknown) => {
    // A failed fetch (SSM throttled, a network blip) must not stick for the container's life: the next call tries again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** SST resolves SSM-stored secrets when this module is first imported. */
let ssmConfig = () => import("sst/node/config") as unknown as Promise<{ Config: Record<string, string> }>;

/** Tests only: stand in for SST's config module. */
export function setSsmConfigForTests(load: typeof ssmConfig) {
  ssmConfig = load;
}

/** Tests only: forget what was loaded. */
export function resetSecretsForTests() {
  loading = undefined;
}
