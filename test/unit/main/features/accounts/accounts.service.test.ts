// Model-based property test of the accounts service with the real vault and config store on disk: whatever the
// user does (add, edit, rename, reorder, switch, re-login), and whatever happens to the machine (restart, keychain
// unreachable, keychain answering with another key), no account and no credential is ever lost without a remove.
import { systemClock } from '../../../../../src-main/platform/system-clock';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountKind, CredentialInput } from '../../../../../src-shared/contract';
import { EventBus } from '../../../../../src-main/event-bus';
import { HttpTransport } from '../../../../../src-main/gateway';
import {
  ACCOUNTS_VERSION,
  EMPTY_ACCOUNTS,
  accountsDocumentSchema,
} from '../../../../../src-main/features/accounts/account-records';
import { AccountsService } from '../../../../../src-main/features/accounts/accounts.service';
import type { KeyringPort } from '../../../../../src-main/platform/secret-backends';
import { ConfigStore } from '../../../../../src-main/vault/config.store';
import { SecretStore } from '../../../../../src-main/vault/secret.store';
import { memoryLogger } from '../../../../support/memory-logger';
import { memoryKeyring, unreachableKeyring } from '../../vault/fakes';
import { fakeGatewayFetch } from './fake-gateway';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';

type Fault = 'none' | 'keychain_unreachable' | 'keychain_other_key';

interface ModelAccount {
  readonly id: string;
  label: string;
  readonly kind: AccountKind;
  /** What the user typed, as the vault must hold it. */
  secret: string;
  isHidden: boolean;
}

interface Model {
  accounts: ModelAccount[];
  activeId: string | null;
  fault: Fault;
}

interface Real {
  dir: string;
  keyring: ReturnType<typeof memoryKeyring>;
  service: AccountsService;
  vault: SecretStore;
}

async function reopen(real: Real, fault: Fault): Promise<void> {
  const { log } = memoryLogger();
  const other = memoryKeyring(Buffer.alloc(32, 9).toString('base64'));
  const keyring: KeyringPort =
    fault === 'none'
      ? real.keyring
      : fault === 'keychain_unreachable'
        ? unreachableKeyring('No Secret Service')
        : other;
  real.vault = await SecretStore.open({
    now: Date.now,
    engine: atomicFileEngine(),
    dataDir: real.dir,
    sources: { keyring },
    log,
  });
  real.service = new AccountsService({
    store: new ConfigStore({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: real.dir,
      name: 'accounts',
      schema: accountsDocumentSchema,
      defaults: EMPTY_ACCOUNTS,
      version: ACCOUNTS_VERSION,
    }),
    vault: real.vault,
    transport: new HttpTransport({ fetch: fakeGatewayFetch, logger: log, clock: systemClock }),
    events: new EventBus(),
    log,
    clock: systemClock,
  });
  await real.service.init();
}

const credential = (kind: AccountKind, secret: string): CredentialInput =>
  kind === 'password'
    ? { kind, username: 'user', password: secret, remember: true }
    : kind === 'access_token'
      ? { kind, accessToken: secret }
      : { kind, apiKey: secret };

const storedSecret = (kind: AccountKind, secrets: Readonly<Record<string, unknown>>): unknown =>
  kind === 'password' ? secrets.password : kind === 'access_token' ? secrets.accessToken : secrets.apiKey;

/** After every step: the same accounts in the same order, and every readable credential exactly as typed. */
async function assertNothingLost(model: Model, real: Real): Promise<void> {
  const snapshot = real.service.snapshot();
  expect(snapshot.accounts.map((a) => [a.id, a.label, a.kind, a.isHidden])).toEqual(
    model.accounts.map((a) => [a.id, a.label, a.kind, a.isHidden]),
  );
  expect(snapshot.activeId).toBe(model.activeId);
  for (const account of model.accounts) {
    const read = await real.vault.get(account.id);
    if (model.fault === 'none') {
      expect(read.status).toBe('ok');
      if (read.status === 'ok') expect(storedSecret(account.kind, read.secrets)).toBe(account.secret);
      expect(real.service.view(account.id).state).toBe('ok');
    } else {
      // Unreadable now, but reported as locked: never as missing, never replaced.
      expect(read.status).toBe('locked');
      expect(real.service.view(account.id).state).toBe('locked');
    }
  }
}

const secretArb = fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }).filter((s) => s.trim() !== '');
const labelArb = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && s.trim().length <= 60);
const kindArb = fc.constantFrom<AccountKind>('password', 'access_token', 'api_key');

class Add implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: AccountKind,
    readonly label: string,
    readonly secret: string,
  ) {}
  check = (m: Readonly<Model>) => m.fault === 'none' && m.accounts.length < 6;
  async run(m: Model, r: Real): Promise<void> {
    const result = await r.service.add({
      label: this.label,
      baseUrl: 'https://gateway.test',
      apiUrl: '',
      credential: credential(this.kind, this.secret),
    });
    if (!result.ok || result.value.status !== 'done') throw new Error(`add failed: ${JSON.stringify(result)}`);
    m.accounts.push({
      id: result.value.account.id,
      label: this.label.trim(),
      kind: this.kind,
      secret: this.secret,
      isHidden: false,
    });
    m.activeId ??= result.value.account.id;
    await assertNothingLost(m, r);
  }
  toString = () => `Add(${this.kind})`;
}

class Edit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly label: string | null,
    readonly isHidden: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.accounts.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const account = m.accounts[this.index % m.accounts.length] as ModelAccount;
    r.service.update(account.id, { ...(this.label === null ? {} : { label: this.label }), isHidden: this.isHidden });
    if (this.label !== null) account.label = this.label.trim();
    account.isHidden = this.isHidden;
    await assertNothingLost(m, r);
  }
  toString = () => `Edit(${this.index}, ${this.label === null ? 'same name' : 'rename'})`;
}

class Reorder implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seed: number) {}
  check = (m: Readonly<Model>) => m.accounts.length > 1;
  async run(m: Model, r: Real): Promise<void> {
    const order = [...m.accounts];
    for (let i = order.length - 1; i > 0; i--) {
      const j = (this.seed * (i + 7)) % (i + 1);
      [order[i], order[j]] = [order[j] as ModelAccount, order[i] as ModelAccount];
    }
    r.service.reorder(order.map((a) => a.id));
    m.accounts = order;
    await assertNothingLost(m, r);
  }
  toString = () => `Reorder(${this.seed})`;
}

class Switch implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.accounts.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const account = m.accounts[this.index % m.accounts.length] as ModelAccount;
    r.service.switch(account.id);
    m.activeId = account.id;
    await assertNothingLost(m, r);
  }
  toString = () => `Switch(${this.index})`;
}

/** The user re-enters a credential (a new password, a new token); the new one is what must survive. */
class Relogin implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly secret: string,
  ) {}
  check = (m: Readonly<Model>) => m.fault === 'none' && m.accounts.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const account = m.accounts[this.index % m.accounts.length] as ModelAccount;
    const result = await r.service.setCredential(account.id, credential(account.kind, this.secret));
    if (!result.ok) throw new Error(`re-login failed: ${JSON.stringify(result.error)}`);
    account.secret = this.secret;
    await assertNothingLost(m, r);
  }
  toString = () => `Relogin(${this.index})`;
}

/** Quit and start again, with the keychain healthy, unreachable, or answering with a different key. */
class Restart implements fc.AsyncCommand<Model, Real> {
  constructor(readonly fault: Fault) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const vaultBefore = await readFile(join(r.dir, 'vault.json'), 'utf8').catch(() => null);
    await reopen(r, this.fault);
    m.fault = this.fault;
    await assertNothingLost(m, r);
    // Opening with a broken keychain never rewrites the sealed entries.
    const vaultAfter = await readFile(join(r.dir, 'vault.json'), 'utf8').catch(() => null);
    if (this.fault !== 'none') expect(vaultAfter).toBe(vaultBefore);
  }
  toString = () => `Restart(${this.fault})`;
}

const commands = [
  fc.tuple(kindArb, labelArb, secretArb).map(([kind, label, secret]) => new Add(kind, label, secret)),
  fc
    .tuple(fc.nat(), fc.option(labelArb, { nil: null }), fc.boolean())
    .map(([i, label, hidden]) => new Edit(i, label, hidden)),
  fc.nat().map((seed) => new Reorder(seed)),
  fc.nat().map((i) => new Switch(i)),
  fc.tuple(fc.nat(), secretArb).map(([i, secret]) => new Relogin(i, secret)),
  fc.constantFrom<Fault>('none', 'none', 'keychain_unreachable', 'keychain_other_key').map((f) => new Restart(f)),
];

describe('accounts model', () => {
  it('never loses an account or a credential without an explicit remove', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const dir = await mkdtemp(join(tmpdir(), 'keydesk-model-'));
        try {
          const real = { dir, keyring: memoryKeyring() } as Real;
          await reopen(real, 'none');
          const setup = (): { model: Model; real: Real } => ({
            model: { accounts: [], activeId: null, fault: 'none' },
            real,
          });
          await fc.asyncModelRun(setup, cmds);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 25 },
    );
  });
});
