import { useQueryClient } from "@tanstack/react-query";
import { ScreenplayScreen } from "../../features/screenplays/components/screenplay-screen";
import { screenplayKeys } from "../../features/screenplays/api/screenplays";
import { DraftsPanel } from "../../features/revisions/components/drafts-panel";

/** /screenplays/:id: the screenplay screen plus, once parsed, its drafts (upload a revised draft, what changed). */
export function ScreenplayRoute() {
  const queryClient = useQueryClient();
  return (
    <ScreenplayScreen
      extra={(s) =>
        s.status === "ready" ? (
          <DraftsPanel
            screenplayId={s.id}
            onChanged={() => {
              void queryClient.invalidateQueries({ queryKey: screenplayKeys.detail(s.id), exact: true });
              void queryClient.invalidateQueries({ queryKey: screenplayKeys.list, exact: true });
            }}
          />
        ) : null
      }
    />
  );
}
