import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { REGISTER_PATH } from "../../../config/paths";

export function CtaBand() {
  return (
    <section className="px-4 py-16 sm:px-6">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          Sign up to get started with 500 points free ($15 Value)
        </h2>
        <p className="max-w-xl text-primary-foreground">
          That covers a five-page render. Points never expire, and there is no card to enter.
        </p>
        <Button asChild size="lg" variant="secondary">
          <Link to={REGISTER_PATH}>
            Create your free account <ArrowRight />
          </Link>
        </Button>
      </div>
    </section>
  );
}
