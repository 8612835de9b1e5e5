import type { Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';

/**
 * A fact one module announces and others may act on: a plain object whose class is its type
 * (e.g. payments' BundlePaymentSucceeded). Events carry data only, never callbacks.
 */
export type DomainEvent = object;

/** A subscriber: a provider class marked with @HandlesDomainEvent(TheEvent). */
export interface DomainEventHandler<E extends DomainEvent> {
  handle(event: E): Promise<void>;
}

/**
 * Port: publishes a domain event to the handlers of its class, in process.
 *
 * `publish` runs each handler in turn and resolves once all have finished; the first handler that
 * fails rejects it, and the error reaches the publisher's caller. Handlers run in the publisher's
 * async context, so inside the caller's open transaction (TransactionHost) if there is one, and
 * otherwise open their own. An event nobody handles is dropped.
 */
export abstract class DomainEventPublisher {
  abstract publish(event: DomainEvent): Promise<void>;
}

/** @internal the discovery marker behind @HandlesDomainEvent; its metadata is the event class. */
export const DOMAIN_EVENT_HANDLER = DiscoveryService.createDecorator<Type<DomainEvent>>();

/**
 * Subscribes a provider class to an event class: the in-process publisher finds it among the app's
 * providers (no registration at start-up), and the compiler checks that its `handle` takes the event.
 */
export function HandlesDomainEvent<E extends DomainEvent>(event: Type<E>) {
  return (target: Type<DomainEventHandler<E>>): void => {
    DOMAIN_EVENT_HANDLER(event)(target);
  };
}
