/** Attribute snippets every entity shares. */
export const timestamps = {
  createdAt: {
    type: "string",
    readOnly: true,
    required: true,
    default: () => new Date().toISOString(),
  },
  updatedAt: {
    type: "string",
    required: true,
    watch: "*",
    default: () => new Date().toISOString(),
    set: () => new Date().toISOString(),
  },
} as const;

/** Epoch seconds after which DynamoDB's TTL removes the item. */
export const expiresAt = { type: "number", field: "expiresAt" } as const;
