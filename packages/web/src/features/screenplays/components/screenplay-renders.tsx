import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { useScreenplayRenders } from "../api/screenplays";
import { RenderList } from "../../../components/render-row";

/** The screenplay's renders, each opening its render page. */
export function ScreenplayRenders({ screenplayId }: { screenplayId: string }) {
  const { data, isPending, isError, refetch } = useScreenplayRenders(screenplayId);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Renderings</CardTitle>
      </CardHeader>
      <CardContent>
        <RenderList
          renders={data}
          isPending={isPending}
          isError={isError}
          onRetry={() => void refetch()}
          empty={{ description: "Create a render to turn this screenplay into a storyboard video." }}
        />
      </CardContent>
    </Card>
  );
}
