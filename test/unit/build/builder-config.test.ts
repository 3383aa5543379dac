// electron-builder.yml, checked where installers cannot be built: valid against electron-builder's own JSON schema
// (app-builder-lib/scheme.json), every file it names exists, the icons hold every size the targets need and match
// what scripts/make-icons.ts draws from resources/public/icon.svg, and the targets are the installers each desktop expects.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { ICNS_TYPES, ICO_SIZES, LINUX_SIZES, encodePng, parseIcon, render } from '../../../scripts/make-icons';
import { trayIconDir, trayIconFile } from '../../../src-main/platform/tray-icons';
import type { TrayIconState } from '../../../src-main/platform/ports';

const root = join(import.meta.dirname, '..', '..', '..');
const require = createRequire(import.meta.url);

interface TargetEntry {
  readonly target: string;
  readonly arch: readonly string[];
}
interface BuilderConfig {
  readonly appId: string;
  readonly productName: string;
  readonly asar: boolean;
  readonly files: readonly string[];
  readonly directories: { readonly output: string; readonly buildResources: string };
  readonly extraResources: readonly { from: string; to: string; filter: readonly string[] }[];
  readonly publish: readonly { provider: string; releaseType?: string }[];
  readonly linux: { target: readonly TargetEntry[]; icon: string; executableName: string };
  readonly deb: { depends: readonly string[]; afterInstall?: string };
  readonly rpm: { depends: readonly string[]; afterInstall?: string };
  readonly win: { target: readonly TargetEntry[]; icon: string };
  readonly nsis: { oneClick: boolean; perMachine: boolean; allowElevation: boolean };
  readonly mac: { target: readonly TargetEntry[]; icon: string; entitlements: string; entitlementsInherit: string };
}

const configText = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
const config = load(configText) as BuilderConfig;
const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

const pngSize = (png: Buffer): { width: number; height: number } => {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's own schema", () => {
    const isValid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(isValid).toBe(true);
  });

  it('the schema check catches a misplaced or misspelt option', () => {
    expect(validate({ ...config, nsis: { ...config.nsis, perUser: true } })).toBe(false);
    expect(validate({ ...config, asar: 'yes' })).toBe(false);
    expect(validate({ ...config, dmg: { ...(config as { dmg?: object }).dmg, oneClick: true } })).toBe(false);
  });

  it('packs only the built output, in an asar, with the tray icons where the main process looks for them', () => {
    expect(config.asar).toBe(true);
    expect(config.files.filter((pattern) => !pattern.startsWith('!'))).toEqual(['out/**/*']);
    const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    expect(packageJson.main.startsWith('out/')).toBe(true);

    const [tray] = config.extraResources;
    expect(tray?.to).toBe('tray');
    // Packaged, main looks in <resources>/tray: the same folder extraResources fills.
    expect(trayIconDir({ isPackaged: true, resourcesPath: '/r', moduleDir: '/x' })).toBe(join('/r', tray?.to ?? ''));
    const states: TrayIconState[] = ['ok', 'low', 'critical', 'stale'];
    for (const state of states) {
      const file = trayIconFile(join(root, tray?.from ?? ''), state);
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(file.replace(/\.png$/, '@2x.png')), `${file} @2x`).toBe(true);
    }
  });

  it('names only files that exist', () => {
    const named = [
      config.linux.icon,
      config.win.icon,
      config.mac.icon,
      config.mac.entitlements,
      config.mac.entitlementsInherit,
      config.directories.buildResources,
      ...config.extraResources.map((resource) => resource.from),
    ];
    for (const path of named) expect(existsSync(join(root, path)), path).toBe(true);
  });

  it('builds the installers each desktop expects (dmg and zip, NSIS, AppImage, deb and rpm), x64 and arm64', () => {
    const targets = (entries: readonly TargetEntry[]) =>
      Object.fromEntries(entries.map((entry) => [entry.target, [...entry.arch].sort()]));
    const both = ['arm64', 'x64'];
    expect(targets(config.linux.target)).toEqual({ AppImage: both, deb: both, rpm: both });
    expect(targets(config.win.target)).toEqual({ nsis: both });
    expect(targets(config.mac.target)).toEqual({ dmg: both, zip: both });
    // Per user, no elevation.
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false });
    // Draft GitHub releases carry the latest*.yml the updater reads.
    expect(config.publish).toEqual([{ provider: 'github', releaseType: 'draft' }]);
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/);
  });
});

describe('Linux packages', () => {
  // electron-builder's own dependency lists for each package format, as the pinned version writes them.
  const FpmTarget = (
    require('app-builder-lib/out/targets/FpmTarget') as {
      default: { prototype: { getDefaultDepends(target: string): string[] } };
    }
  ).default;

  it.each(['deb', 'rpm'] as const)(
    '%s: every dependency electron-builder lists, alternative names included, and the Secret Service',
    (format) => {
      const defaults = FpmTarget.prototype.getDefaultDepends.call(null, format);
      expect(defaults.length).toBeGreaterThan(5);
      expect(config[format].depends).toEqual(expect.arrayContaining(defaults));
      expect(config[format].depends.some((name) => /libsecret/.test(name))).toBe(true);
    },
  );

  it('puts keydesk on the PATH: the install script links /usr/bin/keydesk to the app', () => {
    expect(config.linux.executableName).toBe('keydesk');
    // electron-builder's own install script does the linking; replacing it would drop that (and its sandbox setup).
    expect(config.deb.afterInstall).toBeUndefined();
    expect(config.rpm.afterInstall).toBeUndefined();
    const script = readFileSync(require.resolve('app-builder-lib/templates/linux/after-install.tpl'), 'utf8');
    expect(script).toContain("'/usr/bin/${executable}'");
    expect(script).toMatch(
      /ln -sf '\/opt\/\$\{sanitizedProductName\}\/\$\{executable\}' '\/usr\/bin\/\$\{executable\}'/,
    );
  });
});

describe('icons', () => {
  const icon = parseIcon(readFileSync(join(root, 'resources', 'public', 'icon.svg'), 'utf8'));

  it('Linux: one PNG per size, named by its real dimensions', () => {
    const dir = join(root, config.linux.icon);
    const names = readdirSync(dir).sort();
    expect(names).toEqual(LINUX_SIZES.map((size) => `${size}x${size}.png`).sort());
    for (const size of LINUX_SIZES) {
      expect(pngSize(readFileSync(join(dir, `${size}x${size}.png`)))).toEqual({ width: size, height: size });
    }
  });

  it('Windows: an ico with PNG images from 16 to 256 px', () => {
    const ico = readFileSync(join(root, config.win.icon));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const entry = 6 + index * 16;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const { width } = pngSize(ico.subarray(offset, offset + length));
      expect(ico.readUInt8(entry) || 256).toBe(width);
      sizes.push(width);
    }
    expect(sizes).toEqual([...ICO_SIZES]);
  });

  it('macOS: an icns with every size from 16 to 1024 px, @2x included', () => {
    const icns = readFileSync(join(root, config.mac.icon));
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const found: [string, number][] = [];
    for (let at = 8; at < icns.length;) {
      const type = icns.toString('ascii', at, at + 4);
      const length = icns.readUInt32BE(at + 4);
      found.push([type, pngSize(icns.subarray(at + 8, at + length)).width]);
      at += length;
    }
    expect(found).toEqual(ICNS_TYPES.map(([type, size]) => [type, size]));
  });

  it('are what scripts/make-icons.ts draws from icon.svg today (run it after changing the SVG)', () => {
    for (const size of [16, 32, 128]) {
      const committed = readFileSync(join(root, config.linux.icon, `${size}x${size}.png`));
      expect(encodePng(render(icon, size), size).equals(committed), `${size}px`).toBe(true);
    }
    expect(statSync(join(root, 'resources', 'icons', 'icon.png')).size).toBeGreaterThan(0);
  });
});
