// The vault channels' inputs: a new passphrase has at least 8 characters; one being checked only needs to exist.
import { z } from 'zod';

const newPassphrase = z.string().min(8, 'Use at least 8 characters').max(1024);
const givenPassphrase = z.string().min(1).max(1024);

export const setPassphraseSchema = z.strictObject({ passphrase: newPassphrase });
export const unlockSchema = z.strictObject({ passphrase: givenPassphrase });
export const changePassphraseSchema = z.strictObject({ current: givenPassphrase, next: newPassphrase });
