/**
 * A model's answer as JSON. Models asked for JSON sometimes wrap it in a Markdown code fence
 * (```json … ```), even with structured outputs on some compatible servers: the fence is taken off.
 * Throws SyntaxError when what is left is not JSON.
 */
export function parseAnswerJson(text: string): unknown {
  const fenced = /^\s*```[a-zA-Z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```\s*$/.exec(text);
  return JSON.parse(fenced ? (fenced[1] as string) : text);
}
