import { useUser } from "../../lib/user";
import { ShowcaseDetailScreen } from "../../features/showcase/components/showcase-detail-screen";

/** /showcase/:id: the detail screen, told whether someone is signed in (Contact Creator needs it). */
export function ShowcaseDetailRoute() {
  const { data: user } = useUser();
  return <ShowcaseDetailScreen signedIn={Boolean(user)} />;
}
