import { inject } from "vitest";

// Core modules read the environment when first imported; this runs before any test file imports them.
Object.assign(process.env, inject("env"));
