export interface StackSpec {
  stack: string;
  script: string;
  packages: string[];
  decode: (bytes: Uint8Array) => { text: string; charset?: string };
  extract: (html: string, url: string) => Promise<string | null> | string | null;
  extra?: () => Record<string, unknown>;
}
export function runStack(spec: StackSpec): Promise<void>;
