import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { errorMessage } from "../../../lib/api";
import { useFlaggedAccounts } from "../api/flagged-accounts";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Accounts that owe points a refund or dispute took back, or have a card
 * dispute open (docs/decisions.md#refunds-and-disputes). Paying with points is
 * refused for them until what is owed is covered.
 */
export function FlaggedAccountsCard() {
  const flagged = useFlaggedAccounts();
  const accounts = flagged.data?.accounts ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Flagged accounts</CardTitle>
        <CardDescription>Points owed after a refund or card dispute, and disputes still open.</CardDescription>
      </CardHeader>
      <CardContent>
        {flagged.isPending ? (
          <Skeleton className="h-6 w-full" aria-label="Loading flagged accounts" />
        ) : flagged.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The flagged accounts could not be loaded. {errorMessage(flagged.error)}
          </p>
        ) : accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No account is flagged.</p>
        ) : (
          <table className="w-full text-sm" aria-label="Flagged accounts">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 font-medium">Account</th>
                <th className="py-1 text-right font-medium">Balance</th>
                <th className="py-1 text-right font-medium">Owed</th>
                <th className="py-1 text-right font-medium">Open disputes</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a.userId} className="border-t">
                  <td className="py-1">
                    <span className="block">{a.username}</span>
                    <span className="block text-xs text-muted-foreground">{a.email}</span>
                  </td>
                  <td className="py-1 text-right tabular-nums">{count(a.points)}</td>
                  <td className="py-1 text-right tabular-nums">{count(a.pointsOwed)}</td>
                  <td className="py-1 text-right tabular-nums">{count(a.openDisputes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
