// The Electron tray: draws a TrayModel (icon by state, the title beside it on macOS, tooltip, menu) and reports
// clicks. It holds no logic of its own: the model comes from features/quota/tray-model.ts. When only labels change,
// the items are updated in place and the same menu is set again (Linux needs the set to show the change); a new
// structure builds a new menu.
import { trayIconFile } from '../tray-icons';
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayIconState, TrayItem, TrayModel, TrayPort } from '../ports';

const LEVEL_MARK = { ok: '🟢', warn: '🟠', critical: '🔴', unknown: '⚪' } as const;

export class ElectronTrayAdapter implements TrayPort {
  #tray: Tray | null = null;
  #menu: Menu | null = null;
  #structure = '';
  #icon: TrayIconState | null = null;
  #title = '';
  #onAction: (action: TrayAction) => void = () => undefined;
  #onOpen: () => void = () => undefined;

  /** `iconDir` holds tray-<state>.png and its @2x twin, which Electron picks on high-density screens. */
  constructor(private readonly iconDir: string) {}

  render(model: TrayModel): void {
    const tray = this.#ensureTray(model.icon);
    if (this.#icon !== model.icon) {
      tray.setImage(this.#image(model.icon));
      this.#icon = model.icon;
    }
    tray.setToolTip(model.tooltip);
    // Electron documents setTitle for macOS only (text beside the icon): it is called only where the method exists,
    // and only when the text changed.
    const title = model.title;
    if (typeof tray.setTitle === 'function' && title !== this.#title) {
      tray.setTitle(title);
      this.#title = title;
    }
    const structure = model.items.map((i) => i.id).join('|');
    let menu = this.#menu;
    if (menu && structure === this.#structure) {
      for (const item of model.items) {
        if (item.kind !== 'item') continue;
        const existing = menu.getMenuItemById(item.id);
        if (!existing) continue;
        existing.label = this.#label(item);
        existing.checked = item.isChecked === true;
        existing.enabled = item.isEnabled !== false;
      }
    } else {
      // Electron's own factory builds the menu; the rule cannot see that buildFromTemplate returns a real Menu.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
      menu = Menu.buildFromTemplate(model.items.map((item) => this.#template(item)));
      this.#menu = menu;
      this.#structure = structure;
    }
    tray.setContextMenu(menu);
  }

  onAction(listener: (action: TrayAction) => void): void {
    this.#onAction = listener;
  }

  onOpen(listener: () => void): void {
    this.#onOpen = listener;
  }

  dispose(): void {
    this.#tray?.destroy();
    this.#tray = null;
    this.#menu = null;
  }

  #ensureTray(icon: TrayIconState): Tray {
    if (this.#tray) return this.#tray;
    const tray = new Tray(this.#image(icon));
    this.#icon = icon;
    tray.on('click', () => {
      this.#onOpen();
    });
    tray.on('right-click', () => {
      this.#onOpen();
    });
    this.#tray = tray;
    return tray;
  }

  #image(state: TrayIconState) {
    return nativeImage.createFromPath(trayIconFile(this.iconDir, state));
  }

  #label(item: Extract<TrayItem, { kind: 'item' }>): string {
    return item.level ? `${LEVEL_MARK[item.level]} ${item.label}` : item.label;
  }

  #template(item: TrayItem): MenuItemConstructorOptions {
    if (item.kind === 'separator') return { id: item.id, type: 'separator' };
    return {
      id: item.id,
      label: this.#label(item),
      type: item.action.kind === 'account' ? 'checkbox' : 'normal',
      checked: item.isChecked === true,
      enabled: item.isEnabled !== false,
      click: () => {
        this.#onAction(item.action);
      },
    };
  }
}
