// The vault channels' inputs: a new passphrase has at least 8 characters; one being checked only needs to exist.
import { z } from 'zod';
import { MAX_VAULT_PASSPHRASE, MIN_VAULT_PASSPHRASE } from '../../../src-shared/contract';

const newPassphrase = z.string().min(MIN_VAULT_PASSPHRASE).max(MAX_VAULT_PASSPHRASE);
const givenPassphrase = z.string().min(1).max(MAX_VAULT_PASSPHRASE);

export const setPassphraseSchema = z.strictObject({ passphrase: newPassphrase });
export const unlockSchema = z.strictObject({ passphrase: givenPassphrase });
export const changePassphraseSchema = z.strictObject({ current: givenPassphrase, next: newPassphrase });
