import { NARRATOR_KEY } from "@storyboard/core/render/schema";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import type { CharacterVoice } from "../api/renders";

/** Who speaks with which voice; the narrator first. */
export function CharacterVoicesTable({ voices }: { voices: Record<string, CharacterVoice> }) {
  const rows = Object.entries(voices).sort(([a], [b]) => Number(b === NARRATOR_KEY) - Number(a === NARRATOR_KEY) || a.localeCompare(b));
  if (rows.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Character voices</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full max-w-xl text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">
                Character
              </th>
              <th scope="col" className="py-2 font-medium">
                Voice
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, voice]) => (
              <tr key={name} className="border-b last:border-0">
                <td className="py-2 pr-4 font-medium break-words">{name === NARRATOR_KEY ? "Narrator" : name}</td>
                <td className="py-2">{voice.voiceName || voice.voiceId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
