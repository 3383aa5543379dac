// The config store: one JSON document per name in the data dir, written atomically by conf (temp file + rename),
// mode 0600, validated by a zod schema on every read. A file that does not parse or validate is moved aside,
// never wiped, and reported through onCorrupt.
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import type { z } from 'zod';

export interface DocumentStore<T> {
  read(): T;
  write(value: T): void;
}

export interface ConfigStoreOptions<T> {
  readonly dataDir: string;
  readonly name: string;
  readonly schema: z.ZodType<T>;
  readonly defaults: T;
  /** Told when a stored file was unreadable and has been moved aside (path of the kept copy). */
  readonly onCorrupt?: (keptAt: string, reason: string) => void;
  readonly now?: () => number;
}

export class ConfigStore<T extends object> implements DocumentStore<T> {
  readonly #conf: Conf;
  readonly #options: ConfigStoreOptions<T>;

  constructor(options: ConfigStoreOptions<T>) {
    this.#options = options;
    this.#conf = this.#open();
  }

  get path(): string {
    return this.#conf.path;
  }

  #open(): Conf {
    const make = (): Conf =>
      new Conf({
        projectName: 'keydesk',
        cwd: this.#options.dataDir,
        configName: this.#options.name,
        configFileMode: 0o600,
        clearInvalidConfig: false,
        accessPropertiesByDotNotation: false,
      });
    try {
      return make();
    } catch (error) {
      // conf refuses a file that is not JSON: keep it aside and start from defaults.
      this.#quarantine(join(this.#options.dataDir, `${this.#options.name}.json`), String(error));
      return make();
    }
  }

  #quarantine(path: string, reason: string): void {
    const keptAt = `${path}.corrupt-${(this.#options.now ?? Date.now)()}`;
    renameSync(path, keptAt);
    this.#options.onCorrupt?.(keptAt, reason);
  }

  read(): T {
    const raw: unknown = this.#conf.store;
    if (raw !== null && typeof raw === 'object' && Object.keys(raw).length === 0) return this.#options.defaults;
    const parsed = this.#options.schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.#quarantine(this.#conf.path, parsed.error.message);
    return this.#options.defaults;
  }

  write(value: T): void {
    this.#conf.store = this.#options.schema.parse(value) as Record<string, unknown>;
  }
}
