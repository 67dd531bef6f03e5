import { loadSecrets, resetSecretsForTests, setSsmConfigForTests } from "./secrets";

describe("loadSecrets", () => {
  afterEach(() => {
    delete process.env.SST_Secret_value_ELEVENLABS_API_KEY;
    delete process.env.ELEVENLABS_API_KEY;
    resetSecretsForTests();
  });

  it("copies a bound secret's value into its plain variable", async () => {
    process.env.SST_Secret_value_ELEVENLABS_API_KEY = "xi-123";
    await loadSecrets();
    expect(process.env.ELEVENLABS_API_KEY).toBe("xi-123");
  });

  it("keeps a plain variable that is already set", async () => {
    process.env.ELEVENLABS_API_KEY = "from-env";
    process.env.SST_Secret_value_ELEVENLABS_API_KEY = "bound";
    await loadSecrets();
    expect(process.env.ELEVENLABS_API_KEY).toBe("from-env");
  });

  it("tries SSM again after a failed fetch instead of keeping the failure for the container's life", async () => {
    process.env.SST_Secret_value_ELEVENLABS_API_KEY = "__FETCH_FROM_SSM__";
    let calls = 0;
    setSsmConfigForTests(async () => {
      calls++;
      if (calls === 1) throw new Error("ThrottlingException: Rate exceeded");
      return { Config: { ELEVENLABS_API_KEY: "xi-from-ssm" } };
    });
    await expect(loadSecrets()).rejects.toThrow("Rate exceeded");
    await loadSecrets();
    expect(process.env.ELEVENLABS_API_KEY).toBe("xi-from-ssm");
    expect(calls).toBe(2);
  });
});
