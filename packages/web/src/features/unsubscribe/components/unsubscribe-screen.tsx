import { CheckCircle2, XCircle } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { CONTACT_EMAIL } from "../../../config/legal";
import { serverMessageOr } from "../../../lib/api";
import { UNSUBSCRIBE_SETTINGS, useUnsubscribe } from "../api/unsubscribe";

const MISSING = "Invalid unsubscribe link. Missing required parameters.";

/** /unsubscribe?token=...&setting=...: one-click opt-out from an e-mail, no sign-in needed. */
export function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const setting = params.get("setting") ?? "";
  const valid = !!token && !!setting;
  const { data, error, isPending, isError } = useUnsubscribe(token, setting, valid);

  let body;
  if (valid && isPending) {
    body = (
      <CardContent className="flex flex-col items-center gap-3 py-6">
        <Spinner />
        <p className="text-sm text-muted-foreground">Updating your e-mail preferences...</p>
      </CardContent>
    );
  } else if (valid && !isError && data) {
    body = (
      <>
        <CardHeader className="items-center text-center">
          <CheckCircle2 className="mb-2 size-12 text-success" aria-hidden />
          <CardTitle className="text-2xl">Unsubscribed Successfully</CardTitle>
          <CardDescription>
            You will no longer receive <span className="font-medium text-foreground">{UNSUBSCRIBE_SETTINGS[setting] ?? setting}</span>
            {data.email ? (
              <>
                {" "}at <span className="font-medium text-foreground">{data.email}</span>
              </>
            ) : null}
            .
          </CardDescription>
        </CardHeader>
        <CardContent className="text-center text-sm text-muted-foreground">You can change this any time in Settings.</CardContent>
        <CardFooter className="justify-center">
          <Button asChild>
            <Link to="/auth">Go to Login</Link>
          </Button>
        </CardFooter>
      </>
    );
  } else {
    const message = valid
      ? serverMessageOr(error, "Failed to process unsubscribe request", "An error occurred while processing your request")
      : MISSING;
    body = (
      <>
        <CardHeader className="items-center text-center">
          <XCircle className="mb-2 size-12 text-destructive" aria-hidden />
          <CardTitle className="text-2xl">Unsubscribe Failed</CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent className="text-center text-sm text-muted-foreground">
          If this keeps happening, contact support at{" "}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
          .
        </CardContent>
        <CardFooter className="justify-center">
          <Button asChild variant="outline">
            <Link to="/">Return to Homepage</Link>
          </Button>
        </CardFooter>
      </>
    );
  }

  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">{body}</Card>
    </div>
  );
}
