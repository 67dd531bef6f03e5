import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** One line of the providers' self-check (core provider/doctor.ts). */
export interface ProviderFinding {
  provider: "OpenAI" | "ElevenLabs";
  level: "ok" | "warning" | "error";
  message: string;
}

export interface ProviderCheck {
  checkedAt: string;
  level: "ok" | "warning" | "error";
  findings: ProviderFinding[];
  offline: string[];
}

/** The last hourly provider check (GET /api/admin/provider-check), null before the first. */
export const useProviderCheck = () =>
  useQuery({ queryKey: ["provider-check"], queryFn: async () => (await api.get<{ check: ProviderCheck | null }>("/api/admin/provider-check")).check });
