/** Prefixed, optionally coloured log lines, one writer per service. */

const COLORS = {
  gray: 90,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
} as const;
export type Color = keyof typeof COLORS;

export interface Logger {
  (line: string): void;
  error(line: string): void;
}

const PREFIX_WIDTH = 8;

export function paint(text: string, color: Color, enabled: boolean): string {
  return enabled ? `\u001b[${COLORS[color]}m${text}\u001b[39m` : text;
}

export function bold(text: string, enabled: boolean): string {
  return enabled ? `\u001b[1m${text}\u001b[22m` : text;
}

/** Where log lines go instead of stdout/stderr (a test keeping them for its failure report). */
export type LogOutput = (line: string, stream: 'stdout' | 'stderr') => void;

const toProcess: LogOutput = (line, stream) => process[stream].write(`${line}\n`);

/** A logger that writes `name │ line` to stdout (errors to stderr), or to `output` when given. */
export function createLogger(
  name: string,
  color: Color,
  colorEnabled: boolean,
  output: LogOutput = toProcess,
): Logger {
  const prefix = `${paint(name.padEnd(PREFIX_WIDTH), color, colorEnabled)}${paint('│', 'gray', colorEnabled)} `;
  const write = (stream: 'stdout' | 'stderr', text: string) => {
    for (const line of text.replace(/\s+$/, '').split('\n')) output(`${prefix}${line}`, stream);
  };
  const log = ((line: string) => write('stdout', line)) as Logger;
  log.error = (line: string) => write('stderr', paint(line, 'red', colorEnabled));
  return log;
}
