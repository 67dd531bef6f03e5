/**
 * How a failed provider check is found in its function's log (docs/decisions.md#provider-check): the line
 * that says some provider work will fail carries this field, and the Jobs stack counts such lines with a
 * metric filter that raises the production alarm. Its own module, importing nothing, so the stacks read
 * it without loading the check.
 */
export const PROVIDER_CHECK_FAILED = { field: "providerCheck", value: "failed" } as const;
