import type { SSTConfig } from "sst";
import { Api } from "./stacks/api";
import { Auth } from "./stacks/auth";
import { nodejsBundling } from "./stacks/bundling";
import { Jobs } from "./stacks/jobs";
import { Render } from "./stacks/render";
import { Secrets } from "./stacks/secrets";
import { Storage } from "./stacks/storage";
import { Web } from "./stacks/web";

/** In dependency order: each stack only `use`s the ones before it. */
export const STACKS = [Secrets, Storage, Auth, Render, Api, Jobs, Web];

export default {
  config() {
    return { name: "storyboard", region: "us-east-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      runtime: "nodejs22.x",
      architecture: "x86_64",
      ...nodejsBundling,
    });
    // Stages other than prod are disposable; prod keeps its data when a stack goes.
    app.setDefaultRemovalPolicy(app.stage === "prod" ? "retain" : "destroy");
    for (const stack of STACKS) app.stack(stack);
  },
} satisfies SSTConfig;
