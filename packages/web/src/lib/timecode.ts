/** "1:05" or "0:03.2": a time in a video, as the timeline and the review page show it. */
export function formatTimecode(ms: number, withTenths = false): string {
  const totalSeconds = Math.max(0, ms) / 1000;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds - minutes * 60;
  const whole = Math.floor(seconds);
  const base = `${minutes}:${String(whole).padStart(2, "0")}`;
  return withTenths ? `${base}.${Math.floor((seconds - whole) * 10)}` : base;
}
