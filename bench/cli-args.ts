/** The bench scripts' command-line flags, read one way: `--name`, `--name=value`, `--name=123`. */
const args = process.argv.slice(2);

/** `--name` given on its own. */
export const flag = (name: string) => args.includes(`--${name}`);

/** The text after `--name=`, or undefined. */
export const option = (name: string) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit === undefined ? undefined : hit.slice(name.length + 3);
};

/** `--name=N` as a number, or the fallback; a value that is not a number stops the script. */
export const num = (name: string, fallback: number) => {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number, not "${raw}"`);
  return n;
};
