// How each target of "Use this key in…" reads what Keydesk hands it, re-implemented from the target's own source so
// tests check the link / snippet as the target parses it, not as Keydesk meant it:
// - Cherry Studio: src/main/services/protocol/handlers/providersImport.ts (handleProvidersProtocolUrl, ParseData)
//   and src/renderer/src/pages/settings/ProviderSettings/ProviderList.tsx (addProviderData: id, apiKey, baseUrl).
// - CC Switch: src-tauri/src/deeplink/parser.rs (parse_deeplink_url, parse_provider_deeplink) and
//   src-tauri/src/deeplink/provider.rs (build_claude_settings, build_codex_settings: endpoint used verbatim).
// - dotenv (what OpenAI/Anthropic SDK users load a .env with): motdotla/dotenv lib/main.js (LINE, parse).
// - curl: POSIX shell word splitting (single and double quotes), then curl's -H / -d / URL arguments.
// - Claude Code: ~/.claude/settings.json is JSON with an `env` object; Codex: ~/.codex/config.toml (TOML: the subset
//   of basic strings, booleans and [tables] Keydesk writes) and ~/.codex/auth.json (JSON, OPENAI_API_KEY).

export interface CherryProvider {
  readonly id: string;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly type?: string;
  readonly name?: string;
}

/** Cherry Studio's handler: + and / swapped before URLSearchParams and back after, base64, then its quote fixes. */
export function parseCherryStudioLink(link: string): CherryProvider {
  const url = new URL(link);
  if (url.protocol !== 'cherrystudio:' || url.host !== 'providers' || url.pathname !== '/api-keys') {
    throw new Error(`not a Cherry Studio provider link: ${link}`);
  }
  const processedSearch = url.search.replaceAll('+', '_').replaceAll('/', '-');
  const params = new URLSearchParams(processedSearch);
  const raw = params.get('data')?.replaceAll('_', '+').replaceAll('-', '/') ?? '';
  const parsed = JSON.parse(
    Buffer.from(raw, 'base64').toString('utf-8').replaceAll("'", '"').replaceAll('(', '').replaceAll(')', ''),
  ) as CherryProvider;
  // The renderer refuses a payload without these three (ProviderList.tsx).
  if (!parsed.id || !parsed.apiKey || !parsed.baseUrl) throw new Error('Cherry Studio: invalid provider data');
  return parsed;
}

export interface CcSwitchProvider {
  readonly app: string;
  readonly name: string;
  readonly endpoint: string;
  readonly apiKey: string;
  readonly homepage: string | undefined;
  readonly model: string | undefined;
  /** What CC Switch writes for the app: Claude's env, or Codex's config.toml and auth. */
  readonly settings: Record<string, unknown>;
}

const isHttpUrl = (text: string): boolean => {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** CC Switch's parse_deeplink_url + parse_provider_deeplink + build_*_settings for claude and codex. */
export function parseCcSwitchLink(link: string): CcSwitchProvider {
  const url = new URL(link);
  if (url.protocol !== 'ccswitch:') throw new Error('Invalid scheme');
  if (url.host !== 'v1') throw new Error(`Unsupported protocol version: ${url.host}`);
  if (url.pathname !== '/import') throw new Error(`Invalid path: ${url.pathname}`);
  // Rust's url::query_pairs is application/x-www-form-urlencoded, as URLSearchParams; the last value wins in a map.
  const params = new Map(new URLSearchParams(url.search).entries());
  if (params.get('resource') !== 'provider') throw new Error('Unsupported resource type');
  const app = params.get('app') ?? '';
  if (!['claude', 'codex', 'gemini', 'grokbuild', 'opencode', 'openclaw', 'hermes'].includes(app)) {
    throw new Error(`Invalid provider app type: '${app}'`);
  }
  const name = params.get('name');
  if (name === undefined) throw new Error("Missing 'name' parameter");
  const homepage = params.get('homepage');
  if (homepage && !isHttpUrl(homepage)) throw new Error('Invalid URL for homepage');
  const endpointList = params.get('endpoint') ?? '';
  for (const ep of endpointList.split(',')) if (ep.trim() && !isHttpUrl(ep.trim())) throw new Error('Invalid endpoint');
  const apiKey = (params.get('apiKey') ?? '').trim();
  if (apiKey === '') throw new Error('API key is required');
  const endpoint = endpointList.split(',')[0]?.trim() ?? '';
  if (endpoint === '') throw new Error('Endpoint is required');
  const model = params.get('model');
  const settings: Record<string, unknown> =
    app === 'claude'
      ? {
          env: {
            ANTHROPIC_AUTH_TOKEN: apiKey,
            ANTHROPIC_BASE_URL: endpoint,
            ...(model ? { ANTHROPIC_MODEL: model } : {}),
          },
        }
      : { auth: { OPENAI_API_KEY: apiKey }, base_url: endpoint.replace(/\/+$/, ''), model: model ?? 'gpt-5-codex' };
  return { app, name, endpoint, apiKey, homepage, model, settings };
}

/** dotenv 16's parse (lib/main.js), verbatim in behaviour. */
export function parseDotenv(src: string): Record<string, string> {
  const LINE =
    /(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/gm;
  const obj: Record<string, string> = {};
  const lines = src.replace(/\r\n?/gm, '\n');
  let match: RegExpExecArray | null;
  while ((match = LINE.exec(lines)) != null) {
    const key = match[1] ?? '';
    let value = (match[2] ?? '').trim();
    const maybeQuote = value[0];
    value = value.replace(/^(['"`])([\s\S]*)\1$/gm, '$2');
    if (maybeQuote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r');
    obj[key] = value;
  }
  return obj;
}

/** POSIX shell word splitting for one command line: '…' literal, "…" with \" \\ \$ \`, backslash outside quotes. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let current: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      current = (current ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = '';
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) i++;
        text += line[i] ?? '';
      }
      if (i >= line.length) throw new Error('unterminated double quote');
      current = (current ?? '') + text;
    } else if (c === '\\') {
      current = (current ?? '') + (line[++i] ?? '');
    } else if (/\s/.test(c)) {
      if (current !== null) words.push(current);
      current = null;
    } else {
      if ('|;&<>$`'.includes(c)) throw new Error(`unquoted shell metacharacter ${c}`);
      current = (current ?? '') + c;
    }
  }
  if (current !== null) words.push(current);
  return words;
}

export interface CurlRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

export function parseCurl(line: string): CurlRequest {
  const words = shellWords(line.trim());
  if (words[0] !== 'curl') throw new Error('not a curl command');
  const headers: Record<string, string> = {};
  let url: string | undefined;
  let body: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-H' || w === '--header') {
      const h = words[++i] ?? '';
      const colon = h.indexOf(':');
      headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw') {
      body = words[++i];
    } else if (!w.startsWith('-')) {
      url = w;
    }
  }
  if (url === undefined) throw new Error('curl: no URL');
  return { url, headers, body };
}

/**
 * The TOML Keydesk writes for Codex: `key = "basic string" | true | false` and `[dotted.table]` headers, comments and
 * blank lines. Anything else is refused, so a test cannot pass on text TOML would read differently.
 */
export function parseTomlSubset(src: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let table = root;
  for (const rawLine of src.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\]$/.exec(line);
    if (header) {
      table = root;
      for (const part of (header[1] ?? '').split('.')) {
        table[part] ??= {};
        table = table[part] as Record<string, unknown>;
      }
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    if (!pair) throw new Error(`TOML subset: cannot read "${line}"`);
    const [, key = '', value = ''] = pair;
    if (Object.hasOwn(table, key)) throw new Error(`TOML: duplicate key ${key}`);
    if (value === 'true' || value === 'false') table[key] = value === 'true';
    else if (/^"(?:[^"\\\p{Cc}]|\\["\\bfnrt/]|\\u[0-9A-Fa-f]{4})*"$/u.test(value)) table[key] = JSON.parse(value);
    else throw new Error(`TOML subset: unsupported value ${value}`);
  }
  return root;
}

/** The OpenAI Python SDK call Keydesk writes: OpenAI(api_key="…", base_url="…") and create(model="…"). */
export function parseOpenAiPython(src: string): { apiKey: string; baseUrl: string; model: string } {
  const ctor = /^client = OpenAI\(api_key=("(?:[^"\\]|\\.)*"), base_url=("(?:[^"\\]|\\.)*")\)$/m.exec(src);
  const model = /^\s+model=("(?:[^"\\]|\\.)*"),$/m.exec(src);
  if (!ctor || !model || !/^from openai import OpenAI$/m.test(src)) throw new Error('not the OpenAI Python snippet');
  return {
    apiKey: JSON.parse(ctor[1] ?? '') as string,
    baseUrl: JSON.parse(ctor[2] ?? '') as string,
    model: JSON.parse(model[1] ?? '') as string,
  };
}
