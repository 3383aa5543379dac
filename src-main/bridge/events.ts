// Main-side event bus: services emit contract events, transports forward them to the renderer.
import type { EventMap, EventName } from '../../src-shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventMap[E]) => void;

export class EventBus {
  readonly #listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventMap[E]): void {
    for (const listener of this.#listeners) listener(event, payload);
  }

  /** Subscribes a transport to every event; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
