// Guards "names that lead to places": a channel's domain (the part before the colon) names its contract file and its
// feature folder, so `grep` of `settings:` or a look at `src-main/features/` finds where a channel lives.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, INVOKE_CHANNELS } from '../../../src-shared/contract';

const ROOT = join(import.meta.dirname, '../../..');
const CONTRACT = join(ROOT, 'src-shared/contract');
const FEATURES = join(ROOT, 'src-main/features');

/** A camelCase domain names a kebab-case file or folder (`firstFrame` would be `first-frame`). */
const fileName = (domain: string): string => domain.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const domainOf = (channel: string): string => channel.slice(0, channel.indexOf(':'));

/**
 * Channels whose handler or emitter lives outside their feature folder, each with the reason. The rate-limit budgets
 * every request spends from are the Core's (core.ts), so the Core raises their low-budget warning itself.
 */
const OUTSIDE_THEIR_FOLDER: ReadonlySet<string> = new Set(['quota:budgetLow']);

/** Contract files that hold no channel of their own: the error codes and the index that joins the domains. */
const NOT_DOMAINS: ReadonlySet<string> = new Set(['errors.ts', 'index.ts']);

function folderText(folder: string): string {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

const CHANNELS = [...INVOKE_CHANNELS, ...EVENT_NAMES];

describe('channel names lead to places', () => {
  it('declares every channel and event in src-shared/contract/<domain>.ts', () => {
    const misplaced = CHANNELS.filter((channel) => {
      const file = join(CONTRACT, `${fileName(domainOf(channel))}.ts`);
      return !existsSync(file) || !readFileSync(file, 'utf8').includes(`'${channel}'`);
    });
    expect(misplaced).toEqual([]);
  });

  it('keeps each contract file to the channels of its own domain', () => {
    const strangers: string[] = [];
    for (const file of readdirSync(CONTRACT).filter((name) => !NOT_DOMAINS.has(name))) {
      const text = readFileSync(join(CONTRACT, file), 'utf8');
      for (const channel of CHANNELS) {
        if (text.includes(`'${channel}':`) && `${fileName(domainOf(channel))}.ts` !== file) {
          strangers.push(`${file}: ${channel}`);
        }
      }
    }
    expect(strangers).toEqual([]);
  });

  it('handles or raises every channel in src-main/features/<domain>/', () => {
    const texts = new Map<string, string>();
    const homeless = CHANNELS.filter((channel) => !OUTSIDE_THEIR_FOLDER.has(channel)).filter((channel) => {
      const folder = join(FEATURES, fileName(domainOf(channel)));
      if (!existsSync(folder)) return true;
      if (!texts.has(folder)) texts.set(folder, folderText(folder));
      return !(texts.get(folder) ?? '').includes(`'${channel}'`);
    });
    expect(homeless).toEqual([]);
  });

  it('names each stated exception after a channel that still exists', () => {
    expect([...OUTSIDE_THEIR_FOLDER].filter((channel) => !CHANNELS.includes(channel as never))).toEqual([]);
  });
});
