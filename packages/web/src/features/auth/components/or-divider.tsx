export function OrDivider() {
  return (
    <div className="relative my-2 text-center text-xs text-muted-foreground after:absolute after:inset-x-0 after:top-1/2 after:z-0 after:border-t">
      <span className="relative z-10 bg-card px-2 uppercase">or</span>
    </div>
  );
}
