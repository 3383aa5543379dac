// `keydesk mcp`: a Model Context Protocol server on stdin/stdout (the official SDK's McpServer and stdio transport),
// for Claude Code, Codex, Cherry Studio and any MCP client. stdout carries the protocol and nothing else: every word
// for a person goes to stderr. It runs until the client closes stdin.
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { userDataDir } from '../../paths';
import { languageOf } from '../status/status.command';
import { registerKeydeskTools } from './mcp-tools';

export const MCP_USAGE = `Usage: keydesk mcp [--lang en-US|zh-CN]

  A Model Context Protocol server on stdin/stdout: balances, keys (masked), which key can call a model, today's
  spend per key, what expires soon and open runaway alerts, from the running Keydesk or its cache.
  --lang       the language of the answers (default: Keydesk's setting, else the system's)

Data folder: KEYDESK_DATA_DIR, else the platform's user-data folder (as Keydesk itself).
`;

/** The largest message a client may send: tool calls are a few hundred bytes. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface McpIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** For people: usage and failures. Never stdout. */
  readonly err: (text: string) => void;
}

/** Serves until stdin ends; answers the exit code. */
export async function runMcp(
  argv: readonly string[],
  io: McpIo,
  /** `now`: the system clock from the entry (the command has no Core), a fake one in tests. */
  options: { readonly dataDir?: string; readonly now: () => number; readonly version?: string },
): Promise<number> {
  let values: { lang?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { lang: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    }));
  } catch (error) {
    io.err(`keydesk mcp: ${(error as Error).message}\n${MCP_USAGE}`);
    return 2;
  }
  if (values.help === true) {
    io.err(MCP_USAGE);
    return 0;
  }
  const dataDir = options.dataDir ?? userDataDir();
  let lang;
  try {
    lang = languageOf(dataDir, values.lang);
  } catch (error) {
    io.err(`keydesk mcp: ${(error as Error).message}\n${MCP_USAGE}`);
    return 2;
  }
  const server = new McpServer(
    { name: 'keydesk', version: options.version ?? '0.0.0' },
    {
      instructions:
        'Keydesk keeps the user’s API keys and balances of one-api / new-api gateway accounts. Ask it for balances, ' +
        'keys (masked), which key can call a model and at what price, today’s spend per key, what expires soon and ' +
        'runaway keys. Handing a full key over and disabling a key are refused unless the user switched them on for ' +
        'that account in Keydesk.',
    },
  );
  registerKeydeskTools(server, {
    dataDir,
    lang,
    now: options.now,
    client: () => server.server.getClientVersion(),
  });
  const transport = new StdioServerTransport(io.stdin, io.stdout, { maxBufferSize: MAX_MESSAGE_BYTES });
  const closed = new Promise<void>((resolve) => {
    const finish = (): void => {
      resolve();
    };
    io.stdin.once('end', finish);
    io.stdin.once('close', finish);
    transport.onclose = finish;
  });
  transport.onerror = (error) => {
    io.err(`keydesk mcp: ${error.message}\n`);
  };
  await server.connect(transport);
  await closed;
  await server.close();
  return 0;
}
