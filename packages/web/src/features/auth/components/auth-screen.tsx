import { useLocation, useNavigate } from "react-router-dom";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { GoogleButton } from "./google-button";
import { LoginForm } from "./login-form";
import { OrDivider } from "./or-divider";
import { RegisterForm } from "./register-form";
import { REGISTER_HASH } from "../../../config/paths";
import { useIsHydrating } from "../../../lib/hydration";

type AuthTab = "login" | "register";

/** /auth: Sign In and Register tabs; #register selects (and marks) the Register tab. */
export function AuthScreen() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  // The prerendered /auth is the Sign In tab (the server never sees a hash): hydrate as it, then show #register.
  const hydrating = useIsHydrating();
  const tab: AuthTab = hash === REGISTER_HASH && !hydrating ? "register" : "login";

  const selectTab = (next: string) => {
    navigate({ hash: next === "register" ? REGISTER_HASH : "" }, { replace: true });
  };

  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">{tab === "register" ? "Create your account" : "Welcome back"}</CardTitle>
          <CardDescription>
            {tab === "register"
              ? "Start with 500 free points, enough for a five-page render."
              : "Sign in to pick up your screenplays, renders and points where you left them."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={selectTab}>
            <TabsList className="grid grid-cols-2">
              <TabsTrigger value="login">Sign In</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            {/* The panels hold the forms' own fields: as a Tab stop of its own (Radix's default) a panel took focus with nothing shown. */}
            <TabsContent value="login" className="grid gap-4" tabIndex={-1}>
              <LoginForm />
              <OrDivider />
              <GoogleButton />
            </TabsContent>
            <TabsContent value="register" className="grid gap-4" tabIndex={-1}>
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
