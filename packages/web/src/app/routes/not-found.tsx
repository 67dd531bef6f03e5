import { AlertCircle } from "lucide-react";
import { Link } from "react-router-dom";
import { Card, CardContent } from "../../components/ui/card";

/** docs/product.md#web: any path outside the route table. */
export function NotFound() {
  return (
    <main id="main" className="flex min-h-dvh w-full items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-0">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link to="/" className="mt-6 inline-block rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
            Back to the home page
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
