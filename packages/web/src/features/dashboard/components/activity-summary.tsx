import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { inviteLink, useReferralCode } from "../api/referral";
import { formatCount } from "../../../lib/numbers";

/** `undefined` while loading; `null` when it could not be loaded. */
function Stat({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <div className="min-w-0 rounded-lg border p-2 sm:p-3">
      <p className="text-[11px] leading-tight text-muted-foreground sm:text-xs">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-2 h-7 w-10" aria-label={`Loading ${label.toLowerCase()}`} />
      ) : (
        <p className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{value === null ? "–" : formatCount(value)}</p>
      )}
    </div>
  );
}

interface ActivitySummaryProps {
  /** Each is undefined while it loads and null when it could not be loaded. */
  screenplays?: number | null;
  renders?: number | null;
  points?: number | null;
}

/** docs/product.md#screenplays Dashboard: screenplay count, render job count, points and the invite link with copy. */
export function ActivitySummary({ screenplays, renders, points }: ActivitySummaryProps) {
  const referral = useReferralCode();
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const link = referral.data?.referralCode ? inviteLink(window.location.origin, referral.data.referralCode) : "";

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setCopied(false), 2000);
      toast({ title: "Link copied", description: "Your invite link is on the clipboard." });
    } catch {
      toast({ variant: "destructive", title: "Failed to copy", description: "Please try again or copy the link manually." });
    }
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Activity Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          <Stat label="Screenplays" value={screenplays} />
          <Stat label="Render jobs" value={renders} />
          <Stat label="Points" value={points} />
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium">Invite a friend</p>
          <CardDescription>Share your link: you get 500 points when a friend signs up with it.</CardDescription>
          {referral.isError ? (
            <p className="text-sm text-muted-foreground">Your invite link could not be loaded. Refresh the page to try again.</p>
          ) : (
            <div className="flex gap-2">
              <Input
                readOnly
                value={link}
                aria-label="Invite link"
                placeholder="Loading your link..."
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="outline" size="icon" onClick={copy} disabled={!link} aria-label={copied ? "Invite link copied" : "Copy invite link"}>
                {copied ? <Check className="text-success" /> : <Copy />}
              </Button>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
