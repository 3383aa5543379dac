// Stand-in for Electron's sessions: the default session's permission handlers and response-header hook (what the
// window's hardening sets), and partitions whose `fetch` is Node's (Electron's net.fetch has the same shape).
import type { Session } from 'electron';
import type { StandInWebContents } from './window';

type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];
// The last overload of onHeadersReceived is (listener): its only parameter.
type HeadersListener = Parameters<Session['webRequest']['onHeadersReceived']>[0];

export interface FetchCall {
  readonly url: string;
  readonly init: RequestInit | undefined;
}

class StandInWebRequest {
  headersListener: HeadersListener | null = null;
  onHeadersReceived(listener: HeadersListener): void {
    this.headersListener = listener;
  }
}

export class StandInSession implements Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> {
  readonly webRequest = new StandInWebRequest();
  readonly fetchCalls: FetchCall[] = [];
  permissionRequestHandler: PermissionRequestHandler = null;
  permissionCheckHandler: PermissionCheckHandler = null;

  constructor(
    readonly partition: string,
    readonly options: { readonly cache?: boolean } = {},
  ) {}

  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.permissionCheckHandler = handler;
  }

  fetch(input: string, init?: RequestInit): Promise<Response> {
    this.fetchCalls.push({ url: input, init });
    return fetch(input, init);
  }

  // ---- the page's side, for tests --------------------------------------------------------------------------
  /** A page asks for a permission; without a handler Electron grants it (hence the handler). */
  requestPermission(contents: StandInWebContents, permission: string): Promise<boolean> {
    const handler = this.permissionRequestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => {
      (handler as unknown as (c: unknown, p: string, cb: (granted: boolean) => void, d: unknown) => void)(
        contents,
        permission,
        resolve,
        { requestingUrl: contents.getURL(), isMainFrame: true },
      );
    });
  }

  checkPermission(contents: StandInWebContents, permission: string): boolean {
    const handler = this.permissionCheckHandler;
    if (!handler) return true;
    return (handler as unknown as (c: unknown, p: string, o: string, d: unknown) => boolean)(
      contents,
      permission,
      new URL(contents.getURL()).origin,
      { requestingUrl: contents.getURL(), isMainFrame: true },
    );
  }

  /** A response arrives for `url`: answers the headers the page sees after the hook. */
  receiveHeaders(url: string, responseHeaders: Record<string, string[]>): Promise<Record<string, string | string[]>> {
    const listener = this.webRequest.headersListener;
    if (!listener) return Promise.resolve(responseHeaders);
    return new Promise((resolve) => {
      const details = {
        id: 1,
        url,
        method: 'GET',
        timestamp: Date.now(),
        resourceType: 'mainFrame',
        referrer: '',
        statusLine: 'HTTP/1.1 200 OK',
        statusCode: 200,
        responseHeaders,
      } as unknown as Parameters<NonNullable<HeadersListener>>[0];
      listener(details, (response) => {
        if (response.cancel) resolve({});
        else resolve(response.responseHeaders ?? responseHeaders);
      });
    });
  }
}

const partitions = new Map<string, StandInSession>();
const defaultSession = new StandInSession('');

export const session = {
  defaultSession,
  fromPartition: (partition: string, options: { cache?: boolean } = {}): StandInSession => {
    let found = partitions.get(partition);
    if (!found) {
      found = new StandInSession(partition, options);
      partitions.set(partition, found);
    }
    return found;
  },
};

export const sessionControl = { defaultSession, partitions: partitions as ReadonlyMap<string, StandInSession> };
