// Emulator seeds for the benchmarks: N users, each with an access token (all scopes), a password and K keys, so
// the same seed serves password, access-token and watched-key accounts. Ids and values are deterministic.
import type { SeedInput } from '../../gateway';

export const PASSWORD = 'bench-password';
export const tokenOf = (userId: number): string => `bench-access-token-${userId}`;
export const usernameOf = (userId: number): string => `bench-user-${userId}`;
/** Global key ids: user u's keys are u×1000+1 … (up to 999 keys per user). */
export const keyIdOf = (userId: number, index: number): number => userId * 1000 + index + 1;
/** A 48-character [0-9a-zA-Z] key value, unique per key. */
export const keyValueOf = (userId: number, keyId: number): string =>
  `bench${String(userId).padStart(5, '0')}x${String(keyId).padStart(9, '0')}`.padEnd(48, 'Z');

export function benchSeed(users: number, keysPerUser: number): SeedInput {
  return {
    groups: { default: { desc: '', ratio: 1, models: ['gpt-4o'] } },
    models: [{ id: 'gpt-4o', owned_by: 'openai', price: 1000 }],
    users: Array.from({ length: users }, (_, u) => {
      const id = u + 1;
      return {
        id,
        username: usernameOf(id),
        password: PASSWORD,
        quota: 50_000_000 + id * 1_000,
        used_quota: 1_000_000,
        access_tokens: [{ token: tokenOf(id) }],
        keys: Array.from({ length: keysPerUser }, (_, i) => {
          const keyId = keyIdOf(id, i);
          return {
            id: keyId,
            key: keyValueOf(id, keyId),
            name: `key-${String(i + 1).padStart(4, '0')}`,
            remain_quota: 1_000_000 + i,
            used_quota: i * 10,
            created_time: 1_700_000_000 + i,
          };
        }),
      };
    }),
  };
}
