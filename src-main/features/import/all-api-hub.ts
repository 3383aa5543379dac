// Reads an All API Hub backup (JSON) into import rows. The format is that extension's own, read from its sources
// (github.com/qixing-jk/all-api-hub at 634f28b): src/services/importExport/importExportService.ts (the envelope:
// `version` "1.0" or absent, "2.0", "3.0", "4.0" = BACKUP_VERSION in src/constants/importExport.ts; accounts at
// `accounts.accounts`, `data.accounts` or `accounts` itself), src/types/index.ts (SiteAccount: site_name, site_url,
// site_type, authType, account_info { id, access_token, username }), src/types/auth.ts (AuthTypeEnum: access_token,
// cookie, none) and src/services/accountSiteDefinitions/identifiers.ts (SITE_TYPES). Only what Keydesk can use is
// read: a system access token with its user id on a one-api / new-api family site. Cookie sessions are refused
// (a browser cookie is not a credential Keydesk keeps), as are sites that speak another API.
import type { AppError } from '../../../src-shared/contract';
import { gateRow, labelFor, readUserId, refusal, type FileRead, type ImportCandidate } from './import-rows';

/** The backup versions All API Hub's importer accepts (getSupportedBackupVersion). */
export const ALL_API_HUB_VERSIONS = ['1.0', '2.0', '3.0', '4.0'] as const;

/** All API Hub site types that are one-api / new-api underneath (same /api/user/self and access-token login). */
const NEW_API_FAMILY = new Set([
  'one-api',
  'new-api',
  'ModelFlare',
  'anyrouter',
  'Veloera',
  'v-api',
  'VoAPI',
  'Super-API',
  'Rix-Api',
  'neo-Api',
  'wong-gongyi',
  // The extension could not tell; the connection check when importing decides.
  'unknown',
]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Where the envelope keeps its accounts, as the extension's own importer looks for them. */
function accountsOf(data: Json): readonly unknown[] | null {
  const list = (value: unknown): readonly unknown[] | null => (Array.isArray(value) ? (value as unknown[]) : null);
  const field = data['accounts'];
  const nested = data['data'];
  return (
    list(field) ??
    (isObject(field) ? list(field['accounts']) : null) ??
    (isObject(nested) ? list(nested['accounts']) : null)
  );
}

export function isAllApiHubBackup(data: unknown): boolean {
  return isObject(data) && accountsOf(data) !== null;
}

export function readAllApiHub(data: unknown): FileRead {
  if (!isObject(data)) return { ok: false, error: refusal('import.no_accounts') };
  const version = data['version'] === undefined ? '1.0' : data['version'];
  if (typeof version !== 'string' || !(ALL_API_HUB_VERSIONS as readonly string[]).includes(version)) {
    return {
      ok: false,
      error: refusal('import.version_unsupported', {
        version: (typeof version === 'string' ? version : JSON.stringify(version)).slice(0, 20),
      }),
    };
  }
  const accounts = accountsOf(data);
  if (accounts === null || accounts.length === 0) return { ok: false, error: refusal('import.no_accounts') };
  return { ok: true, count: accounts.length, rowAt: (index) => readAccount(accounts[index], index + 1) };
}

function readAccount(raw: unknown, row: number): ImportCandidate {
  const account = isObject(raw) ? raw : {};
  const info = isObject(account['account_info']) ? account['account_info'] : {};
  const siteUrl = text(account['site_url']).trim();
  const username = text(info['username']).trim() || null;
  const base = {
    row,
    name: labelFor(text(account['site_name']), siteUrl),
    baseUrl: siteUrl,
    apiUrl: siteUrl,
    kind: 'access_token' as const,
    userId: null,
    username,
    credential: null,
  };
  const refuse = (
    error: AppError,
    userId: number | null = null,
    kind: 'access_token' | null = base.kind,
  ): ImportCandidate => ({
    ...base,
    kind,
    userId,
    refusal: error,
  });
  if (siteUrl === '') return refuse(refusal('import.missing_field', { field: 'site_url' }));
  const siteType = text(account['site_type']) || 'unknown';
  const userId = readUserId(info['id']);
  if (!NEW_API_FAMILY.has(siteType)) {
    return refuse(refusal('import.site_type_unsupported', { type: siteType.slice(0, 40) }), userId ?? null);
  }
  // Backups made before authType existed held access tokens only.
  const authType = text(account['authType']) || 'access_token';
  // A cookie session is not an access token: the row names no kind Keydesk has.
  if (authType === 'cookie') return refuse(refusal('import.cookie_session'), userId ?? null, null);
  if (authType !== 'access_token') return refuse(refusal('import.no_credential'), userId ?? null, null);
  const accessToken = text(info['access_token']).trim();
  if (accessToken === '') return refuse(refusal('import.no_credential'), userId ?? null);
  if (userId === null) return refuse(refusal('import.user_id_invalid'));
  const credential = { kind: 'access_token' as const, accessToken, ...(userId === undefined ? {} : { userId }) };
  const gated = gateRow(base, userId ?? null, username, credential);
  if (!gated.ok) return refuse(gated.error, userId ?? null);
  return {
    ...base,
    name: gated.name,
    baseUrl: gated.baseUrl,
    apiUrl: gated.apiUrl,
    userId: userId ?? null,
    credential,
    refusal: null,
  };
}
