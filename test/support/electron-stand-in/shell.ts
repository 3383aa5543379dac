// Stand-ins for the desktop shell pieces: Tray (icon, tooltip, context menu, clicks), Menu built from a template
// with items found by id (checkbox items flip `checked` before their click, as in Electron), and Notification
// (shown, clicked, closed), each listed so a test sees what the user would.
import { EventEmitter } from 'node:events';
import type {
  KeyboardEvent,
  MenuItem,
  MenuItemConstructorOptions,
  Notification,
  NotificationConstructorOptions,
  Tray,
} from 'electron';
import { electronEvent } from './events';
import type { StandInNativeImage } from './system';

// ---- Menu ---------------------------------------------------------------------------------------------------
export class StandInMenuItem implements Pick<MenuItem, 'label' | 'checked' | 'enabled' | 'type'> {
  readonly id: string | undefined;
  readonly type: NonNullable<MenuItemConstructorOptions['type']>;
  label: string;
  checked: boolean;
  enabled: boolean;
  readonly #click: MenuItemConstructorOptions['click'];

  constructor(options: MenuItemConstructorOptions) {
    this.id = options.id;
    this.type = options.type ?? 'normal';
    this.label = options.label ?? '';
    this.checked = options.checked ?? false;
    this.enabled = options.enabled ?? true;
    this.#click = options.click;
  }

  /** The user picks the item (a disabled item cannot be picked). */
  click(): void {
    if (!this.enabled || this.type === 'separator') return;
    if (this.type === 'checkbox') this.checked = !this.checked;
    (this.#click as ((item: StandInMenuItem, window: undefined, event: KeyboardEvent) => void) | undefined)?.(
      this,
      undefined,
      {},
    );
  }
}

export class StandInMenu extends EventEmitter {
  readonly items: StandInMenuItem[];
  constructor(items: StandInMenuItem[] = []) {
    super();
    this.items = items;
  }
  static buildFromTemplate(template: MenuItemConstructorOptions[]): StandInMenu {
    return new StandInMenu(template.map((options) => new StandInMenuItem(options)));
  }
  getMenuItemById(id: string): StandInMenuItem | null {
    return this.items.find((item) => item.id === id) ?? null;
  }
}

// ---- Tray ---------------------------------------------------------------------------------------------------
const trays: StandInTray[] = [];
/**
 * The platform the trays behave as: Electron has `setTitle` (text beside the icon) on macOS only, and no such method
 * elsewhere. A test switches it before the tray is made; default the machine's own.
 */
let trayPlatform: NodeJS.Platform = process.platform;

export class StandInTray extends EventEmitter implements Pick<Tray, 'setToolTip' | 'destroy' | 'isDestroyed'> {
  image: StandInNativeImage;
  tooltip = '';
  /** What setTitle last drew beside the icon (macOS). */
  title = '';
  /** Present on macOS only, as in Electron: `tray.setTitle(title)`. */
  readonly setTitle?: Tray['setTitle'];
  contextMenu: StandInMenu | null = null;
  /** How many times a menu was set: Linux shows label changes only when the menu is set again. */
  menuSets = 0;
  #isDestroyed = false;

  constructor(image: StandInNativeImage) {
    super();
    this.image = image;
    if (trayPlatform === 'darwin') {
      this.setTitle = (title: string) => {
        this.#assertAlive();
        this.title = title;
      };
    }
    trays.push(this);
  }
  setImage(image: StandInNativeImage): void {
    this.#assertAlive();
    this.image = image;
  }
  setToolTip(toolTip: string): void {
    this.#assertAlive();
    this.tooltip = toolTip;
  }
  setContextMenu(menu: StandInMenu | null): void {
    this.#assertAlive();
    this.contextMenu = menu;
    this.menuSets++;
  }
  destroy(): void {
    this.#isDestroyed = true;
  }
  isDestroyed(): boolean {
    return this.#isDestroyed;
  }
  /** The user clicks the icon. */
  click(): void {
    this.emit('click', electronEvent(), { x: 0, y: 0, width: 16, height: 16 }, { x: 0, y: 0 });
  }
  #assertAlive(): void {
    if (this.#isDestroyed) throw new TypeError('Object has been destroyed');
  }
}

// ---- Notification -------------------------------------------------------------------------------------------
const shown: StandInNotification[] = [];

export class StandInNotification
  extends EventEmitter
  implements Pick<Notification, 'show' | 'close' | 'title' | 'body' | 'silent'>
{
  static isSupported(): boolean {
    return true;
  }
  title: string;
  body: string;
  silent: boolean;
  /** The buttons asked for (Electron shows them on macOS only). */
  actions: NonNullable<NotificationConstructorOptions['actions']>;
  #isShown = false;

  constructor(options: NotificationConstructorOptions = {}) {
    super();
    this.title = options.title ?? '';
    this.body = options.body ?? '';
    this.silent = options.silent ?? false;
    this.actions = options.actions ?? [];
  }
  show(): void {
    if (this.#isShown) return;
    this.#isShown = true;
    shown.push(this);
    this.emit('show', electronEvent());
  }
  close(): void {
    this.emit('close', electronEvent());
  }
  /** The user clicks the notification. */
  click(): void {
    this.emit('click', electronEvent());
  }
  /** The user presses the button at `index` (Electron's 'action' event: the event, then the index). */
  pressAction(index: number): void {
    if (index < 0 || index >= this.actions.length) throw new Error(`no action at ${String(index)}`);
    this.emit('action', electronEvent(), index);
  }
}

export const shellControl = {
  trays: trays as readonly StandInTray[],
  /** Trays made from now on behave as on `platform` (setTitle exists on macOS only). */
  setTrayPlatform: (platform: NodeJS.Platform): void => {
    trayPlatform = platform;
  },
  notifications: shown as readonly StandInNotification[],
};
