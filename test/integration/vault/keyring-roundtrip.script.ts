// Run by keyring.int.test.ts inside dbus-run-session + gnome-keyring: the real Secret Service round trip through
// the napi keyring adapter, the keyring cipher and the secret store. Prints one JSON line with what it saw.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { napiKeyring } from '../../../src-main/platform/node/keyring.adapter';
import { KEYRING_ACCOUNT, KEYRING_SERVICE, KeyringCipher } from '../../../src-main/vault/keyring.cipher';
import { SecretStore } from '../../../src-main/vault/secret.store';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';

const keyring = napiKeyring(KEYRING_SERVICE, KEYRING_ACCOUNT);
const dataDir = mkdtempSync(join(tmpdir(), 'keydesk-keyring-'));
const secrets = { password: 'pässwörd-🔑-über', accessToken: 'nap_realkeyringtoken' };

const first = await KeyringCipher.open(keyring);
const storedKey = await keyring.get();
const blob = await first.encrypt('round trip ✓ 雪');
const second = await KeyringCipher.open(keyring); // reads the same key back from the Secret Service
const cipherRoundTrip = new TextDecoder().decode(await second.decrypt(blob));

const store = await SecretStore.open({ now: Date.now, engine: atomicFileEngine(), dataDir, sources: { keyring } });
await store.set('acct-1', secrets);
const reopened = await SecretStore.open({ now: Date.now, engine: atomicFileEngine(), dataDir, sources: { keyring } });
const read = await reopened.get('acct-1');

// The keyring loses its item: a new key is made, the old entry reports locked and the file stays as it was.
const before = readFileSync(join(dataDir, 'vault.json'));
const deleted = await keyring.delete();
const afterLoss = await SecretStore.open({ now: Date.now, engine: atomicFileEngine(), dataDir, sources: { keyring } });
const lockedRead = await afterLoss.get('acct-1');
const unchanged = readFileSync(join(dataDir, 'vault.json')).equals(before);
await keyring.delete();

process.stdout.write(
  `${JSON.stringify({
    keyBytes: Buffer.from(storedKey ?? '', 'base64').length,
    cipherRoundTrip,
    backend: reopened.status().backend,
    read,
    deleted,
    lockedStatus: lockedRead.status,
    unchanged,
  })}\n`,
);
