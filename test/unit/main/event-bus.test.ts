// The event bus as features use it: a listener by event name gets that event's payloads only, until it unsubscribes;
// a transport's subscription still sees every event.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../src-main/event-bus';
import type { EventName } from '../../../src-shared/contract';

describe('EventBus', () => {
  it('calls an `on` listener with the payloads of its own event only, and not after it unsubscribes', () => {
    const bus = new EventBus();
    const seen: number[] = [];
    const everything: EventName[] = [];
    bus.subscribe((event) => everything.push(event));
    const stop = bus.on('settings:changed', (settings) => seen.push(settings.refreshIntervalMinutes));
    bus.emit('accounts:changed', {} as never);
    bus.emit('settings:changed', { refreshIntervalMinutes: 7 } as never);
    stop();
    bus.emit('settings:changed', { refreshIntervalMinutes: 9 } as never);
    expect(seen).toEqual([7]);
    expect(everything).toEqual(['accounts:changed', 'settings:changed', 'settings:changed']);
  });
});
