// Main's event bus: features emit contract events and listen to one another's by name (typed `on`); the transports
// subscribe to every event to forward it to the renderer.
import type { EventMap, EventName } from '../src-shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventMap[E]) => void;

export class EventBus {
  readonly #listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventMap[E]): void {
    for (const listener of this.#listeners) listener(event, payload);
  }

  /** Calls `listener` with each payload of one event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void {
    const forward: EventListener = (name: EventName, payload: unknown) => {
      // The name matched, so the payload is this event's (EventMap is keyed by name).
      if (name === event) listener(payload as EventMap[E]);
    };
    return this.subscribe(forward);
  }

  /** Every event, for a transport that forwards them all; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
