// Keeps the tray in step with balances, accounts and language, and turns its clicks into actions: switch the
// active account (through the accounts service's callback) and open the window, refresh, open, quit.
import type { BalanceView, Language, TrayTitle } from '../../../src-shared/contract';
import type { TrayAction, TrayPort } from '../../platform/ports';
import type { QuotaMonitor } from './quota.monitor';
import { trayModel, type TrayAccount } from './tray-model';

export interface TrayControllerDeps {
  readonly port: TrayPort;
  readonly monitor: QuotaMonitor;
  readonly accounts: () => readonly TrayAccount[];
  readonly activeId: () => string | null;
  readonly language: () => Language;
  /** What the text beside the icon shows (Settings › Monitoring & alerts). */
  readonly title: () => TrayTitle;
  /** Makes the account active (accounts service); the window then opens on it. */
  readonly switchAccount: (accountId: string) => void;
  readonly openWindow: (accountId?: string) => void;
  readonly quit: () => void;
}

export class TrayController {
  #unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: TrayControllerDeps) {}

  start(): void {
    this.deps.port.onAction((action) => {
      this.handle(action);
    });
    this.deps.port.onOpen(() => {
      this.deps.monitor.trigger('tray');
    });
    this.#unsubscribe = this.deps.monitor.onUpdate(() => {
      this.render();
    });
    this.render();
  }

  /** Redraws from current state (also after the accounts, the active one or the language change). */
  render(): void {
    const balances = new Map<string, BalanceView>(this.deps.monitor.snapshot().map((v) => [v.accountId, v]));
    this.deps.port.render(
      trayModel({
        language: this.deps.language(),
        accounts: this.deps.accounts(),
        activeId: this.deps.activeId(),
        balances,
        title: this.deps.title(),
      }),
    );
  }

  handle(action: TrayAction): void {
    switch (action.kind) {
      case 'account':
        this.deps.switchAccount(action.accountId);
        this.deps.openWindow(action.accountId);
        break;
      case 'refresh':
        void this.deps.monitor.refresh(undefined, 'manual');
        break;
      case 'open':
        this.deps.openWindow();
        break;
      case 'quit':
        this.deps.quit();
        break;
    }
  }

  dispose(): void {
    this.#unsubscribe?.();
    this.deps.port.dispose();
  }
}
