#!/usr/bin/env node
// The `storyboard` command line: a cached bundle of the TypeScript sources, or the sources through tsx (src/cli/bundle.mjs).
import { runCli } from "../src/cli/bundle.mjs";

await runCli();
