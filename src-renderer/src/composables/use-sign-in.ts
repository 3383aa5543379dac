// Signing an account in again, wherever its failure shows (the Accounts page, a key list that could not be read): a
// credential waiting for the vault's passphrase, the unlock dialog; with the remembered password at once; when the
// site then asks for a second factor, straight to that step (the password is not asked for again); otherwise the
// credential dialog.
import { useMessage } from 'naive-ui';
import { ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { AccountView } from '../../../src-shared/contract';
import { waitsForPassphrase, type Challenge } from '../components/account-visuals';
import { useAccountsStore } from '../stores/accounts.store';

export function useSignIn() {
  const { t } = useI18n();
  const message = useMessage();
  const accounts = useAccountsStore();
  /** The account the credential dialog is open for, and the step a remembered password already began, if any. */
  const credentialFor = ref<AccountView | null>(null);
  const startedStep = ref<Challenge | null>(null);
  /** The vault unlock dialog is open (the account's credential waits for the passphrase). */
  const isUnlocking = ref(false);

  async function signInOrAsk(account: AccountView): Promise<boolean> {
    startedStep.value = null;
    if (account.state === 'locked' && waitsForPassphrase(account.stateError)) {
      isUnlocking.value = true;
      return false;
    }
    if (account.kind === 'password' && account.isPasswordRemembered && account.state !== 'locked') {
      const result = await accounts.signIn(account.id);
      if (result.ok && result.value.status === 'done') {
        message.success(t('accounts.signedIn', { label: account.label }));
        return true;
      }
      if (result.ok && result.value.status === 'second_factor') startedStep.value = result.value;
    }
    credentialFor.value = account;
    return false;
  }

  function close(): void {
    credentialFor.value = null;
    startedStep.value = null;
    isUnlocking.value = false;
  }

  return { credentialFor, startedStep, isUnlocking, signInOrAsk, close };
}
