import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header";
import { FlaggedAccountsCard } from "./flagged-accounts-card";
import { RetryAudioCard } from "./retry-audio-card";

/**
 * /admin/fixes: operator tools. Further cards (the featured showcase, once its
 * endpoints exist) come in as children.
 */
export function AdminFixesScreen({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col">
      <PageHeader title="Admin Fixes" description="Repair tools for render jobs." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <RetryAudioCard />
        <FlaggedAccountsCard />
        {children}
      </div>
    </div>
  );
}
