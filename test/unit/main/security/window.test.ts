import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_HEADER } from '../../../../src-main/security/csp';
import {
  APP_LINKS,
  isAllowedExternalLink,
  isAppUrl,
  isPermissionAllowed,
  rendererUrl,
  webPreferences,
} from '../../../../src-main/security/window';

describe('window hardening', () => {
  it('sandboxes the renderer with context isolation and no Node', () => {
    expect(webPreferences('/app/out/preload/index.cjs')).toEqual({
      preload: '/app/out/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    });
  });

  it('allows navigation only to the app itself', () => {
    const app = 'file:///opt/keydesk/out/renderer/index.html';
    expect(isAppUrl('file:///opt/keydesk/out/renderer/index.html#/keys', app)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', app)).toBe(false);
    expect(isAppUrl('https://evil.example/', app)).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/keys', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('not a url', app)).toBe(false);
  });

  it('opens externally only the links the app offers', () => {
    const offered = [...APP_LINKS, 'https://gw.example.com', 'http://127.0.0.1:3000/console'];
    expect(isAllowedExternalLink('https://github.com/QuantumNous/new-api', offered)).toBe(true);
    expect(isAllowedExternalLink('https://github.com/QuantumNous/new-api/issues/1', offered)).toBe(true);
    expect(isAllowedExternalLink('https://gw.example.com/console/token', offered)).toBe(true);
    expect(isAllowedExternalLink('http://127.0.0.1:3000/console/log', offered)).toBe(true);
    // Any other https site, even on a host the app links to, is not a link the app offers.
    expect(isAllowedExternalLink('https://github.com/evil/repo', offered)).toBe(false);
    expect(isAllowedExternalLink('https://github.com/QuantumNous/new-api-evil', offered)).toBe(false);
    expect(isAllowedExternalLink('https://evil.example/', offered)).toBe(false);
    expect(isAllowedExternalLink('http://gw.example.com/', offered)).toBe(false);
    expect(isAllowedExternalLink('http://127.0.0.1:3000/other', offered)).toBe(false);
    expect(isAllowedExternalLink('file:///etc/passwd', offered)).toBe(false);
    expect(isAllowedExternalLink('javascript:alert(1)', offered)).toBe(false);
    expect(isAllowedExternalLink('https://user:pw@gw.example.com/', offered)).toBe(false);
  });

  it('loads the dev server only in an unpackaged build', () => {
    const builtIndexUrl = 'file:///opt/keydesk/out/renderer/index.html';
    const devUrl = 'http://localhost:5173/';
    expect(rendererUrl({ isPackaged: false, devUrl, builtIndexUrl })).toBe(devUrl);
    expect(rendererUrl({ isPackaged: true, devUrl, builtIndexUrl })).toBe(builtIndexUrl);
    expect(rendererUrl({ isPackaged: false, devUrl: undefined, builtIndexUrl })).toBe(builtIndexUrl);
    // The IPC sender check trusts exactly this URL: a packaged build never trusts the dev server's origin.
    const trusted = rendererUrl({ isPackaged: true, devUrl, builtIndexUrl });
    expect(isAppUrl('http://localhost:5173/#/keys', trusted)).toBe(false);
  });

  it('denies every permission', () => {
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      expect(isPermissionAllowed(permission)).toBe(false);
    }
  });
});

describe('content security policy', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('allows only the app itself, with inline styles for Naive UI and no inline or eval scripts', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY_HEADER).toBe(`${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });

  it('never lets the renderer connect to a gateway: all gateway HTTP is in main', () => {
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|\*|unsafe-eval/);
  });

  it('is the same policy as the meta tag of index.html', () => {
    const html = readFileSync(new URL('../../../../src-renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
  });
});
