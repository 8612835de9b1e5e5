import { Injectable, Module, type Type } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { DOMAIN_EVENT_HANDLER, DomainEvent, DomainEventHandler, DomainEventPublisher } from './domain-events';

/**
 * The in-process DomainEventPublisher: handlers are the providers marked with @HandlesDomainEvent,
 * found once (on the first event, when every provider exists) and called in turn, awaited.
 */
@Injectable()
export class InProcessDomainEvents extends DomainEventPublisher {
  private handlers?: Map<Type<DomainEvent>, Array<DomainEventHandler<DomainEvent>>>;

  constructor(private readonly discovery: DiscoveryService) {
    super();
  }

  async publish(event: DomainEvent): Promise<void> {
    for (const handler of this.handlersOf(event.constructor as Type<DomainEvent>)) await handler.handle(event);
  }

  private handlersOf(eventClass: Type<DomainEvent>): Array<DomainEventHandler<DomainEvent>> {
    if (!this.handlers) {
      const found = new Map<Type<DomainEvent>, Array<DomainEventHandler<DomainEvent>>>();
      for (const wrapper of this.discovery.getProviders({ metadataKey: DOMAIN_EVENT_HANDLER.KEY })) {
        const handler = wrapper.instance as DomainEventHandler<DomainEvent> | undefined;
        if (!handler || !wrapper.isDependencyTreeStatic()) {
          throw new Error(`${String(wrapper.name)} handles a domain event, so it must be a singleton provider`);
        }
        const handled = this.discovery.getMetadataByDecorator(DOMAIN_EVENT_HANDLER, wrapper);
        if (!handled) continue;
        const list = found.get(handled) ?? [];
        if (!list.includes(handler)) list.push(handler);
        found.set(handled, list);
      }
      this.handlers = found;
    }
    return this.handlers.get(eventClass) ?? [];
  }
}

/** Provides DomainEventPublisher; import it in a module that publishes. Subscribers need not import it. */
@Module({
  imports: [DiscoveryModule],
  providers: [{ provide: DomainEventPublisher, useClass: InProcessDomainEvents }],
  exports: [DomainEventPublisher],
})
export class DomainEventsModule {}
