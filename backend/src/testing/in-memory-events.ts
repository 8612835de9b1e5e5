import type { Type } from '@nestjs/common';
import { DomainEvent, DomainEventHandler, DomainEventPublisher } from '../shared/events/domain-events';

/**
 * The in-process publisher without Nest: keeps every event published, and runs the handlers a spec
 * subscribed (as the app's discovery of @HandlesDomainEvent providers would), in turn, awaited.
 */
export class RecordingEvents extends DomainEventPublisher {
  readonly published: DomainEvent[] = [];
  private readonly handlers: Array<{ event: Type<DomainEvent>; handler: DomainEventHandler<DomainEvent> }> = [];

  subscribe<E extends DomainEvent>(event: Type<E>, handler: DomainEventHandler<E>): this {
    this.handlers.push({ event, handler: handler as DomainEventHandler<DomainEvent> });
    return this;
  }

  async publish(event: DomainEvent): Promise<void> {
    this.published.push(event);
    for (const h of this.handlers) if (h.event === event.constructor) await h.handler.handle(event);
  }
}
