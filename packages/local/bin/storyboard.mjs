#!/usr/bin/env node
// The `storyboard` command line. It runs the TypeScript sources directly through tsx.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
