/**
 * How many requests may be in flight at one provider account at once
 * (ElevenLabs' free plan allows 2; a render runs 4 blocks at once, each
 * with several assets). A setting per provider (OPENAI_CONCURRENCY,
 * ELEVENLABS_CONCURRENCY), enforced by a semaphore in the table, so every
 * block of every render in every process (Lambda or `npm start`) shares it
 * (docs/decisions.md#provider-concurrency).
 */
import { randomUUID } from "node:crypto";
import { isConditionFailed } from "../dynamo/errors";
import { db } from "../dynamo/service";

/** Hands out a slot; the returned function gives it back. */
export interface ProviderSlots {
  acquire(leaseMs: number): Promise<() => Promise<void>>;
}

/** Defaults that fit the smallest paid-for plans (docs/decisions.md#provider-concurrency). */
export const CONCURRENCY_DEFAULTS = { OpenAI: 4, ElevenLabs: 2 } as const;
export type SlotProvider = keyof typeof CONCURRENCY_DEFAULTS;
const SETTING: Record<SlotProvider, string> = { OpenAI: "OPENAI_CONCURRENCY", ElevenLabs: "ELEVENLABS_CONCURRENCY" };

/** The configured limit; a value that is not a positive whole number is refused loudly. */
export function providerConcurrency(provider: SlotProvider): number {
  const raw = process.env[SETTING[provider]]?.trim();
  if (!raw) return CONCURRENCY_DEFAULTS[provider];
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`${SETTING[provider]} must be a whole number of at least 1, not "${raw}".`);
  return limit;
}

/** Longest wait for a free slot before the call fails as "not answering". */
export const MAX_SLOT_WAIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pause = () => sleep(40 + Math.random() * 120);

export class SlotWaitTimeout extends Error {
  constructor(provider: string, limit: number, waitedMs: number) {
    super(`waited ${Math.round(waitedMs / 1000)} s for one of ${limit} concurrent request slots (${SETTING[provider as SlotProvider] ?? provider})`);
    this.name = "SlotWaitTimeout";
  }
}

/** The table's semaphore for one provider. */
export function tableSlots(provider: SlotProvider, maxWaitMs = MAX_SLOT_WAIT_MS): ProviderSlots {
  /** Writes `holders` if the item is still at `version` (or absent); false when someone else changed it first. */
  const write = async (holders: Record<string, number>, version: number | undefined) => {
    try {
      if (version === undefined) await db.entities.providerSlot.create({ provider, holders, version: 1 }).go();
      else
        await db.entities.providerSlot
          .patch({ provider })
          .set({ holders, version: version + 1 })
          .where((attr, { eq }) => eq(attr.version, version))
          .go();
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  };
  const read = async () => {
    const { data } = await db.entities.providerSlot.get({ provider }).go();
    const now = Date.now();
    const live = Object.entries((data?.holders ?? {}) as Record<string, number>).filter(([, until]) => until > now);
    return { holders: Object.fromEntries(live), version: data?.version };
  };
  const release = async (leaseId: string) => {
    for (;;) {
      const { holders, version } = await read();
      if (!(leaseId in holders)) return;
      delete holders[leaseId];
      if (await write(holders, version)) return;
      await pause();
    }
  };
  return {
    async acquire(leaseMs) {
      const limit = providerConcurrency(provider);
      const leaseId = randomUUID();
      const started = Date.now();
      for (;;) {
        const { holders, version } = await read();
        if (Object.keys(holders).length < limit && (await write({ ...holders, [leaseId]: Date.now() + leaseMs }, version))) {
          return () => release(leaseId);
        }
        if (Date.now() - started > maxWaitMs) throw new SlotWaitTimeout(provider, limit, Date.now() - started);
        await pause();
      }
    },
  };
}
