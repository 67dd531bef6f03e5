/**
 * The embed page's only style (core/showcase/embed.ts), allowed by its hash in
 * the embed page's CSP (functions/shared/security-headers.ts). A module of its
 * own so the stacks can hash it without loading the data layer.
 */
export const EMBED_STYLE =
  "html,body{margin:0;height:100%;background:#000;color:#ddd;font:14px system-ui,sans-serif}" +
  "video{display:block;width:100%;height:100%;object-fit:contain}" +
  "p{margin:0;height:100%;display:flex;align-items:center;justify-content:center}";
