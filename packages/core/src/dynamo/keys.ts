/** The single table's key layout; `stacks/storage.ts` and the local bootstrap create the same. */
export const tableKeys = {
  primary: { pk: "pk", sk: "sk" },
  gsi1: { pk: "gsi1pk", sk: "gsi1sk" },
  gsi2: { pk: "gsi2pk", sk: "gsi2sk" },
  gsi3: { pk: "gsi3pk", sk: "gsi3sk" },
  ttl: "expiresAt",
} as const;
