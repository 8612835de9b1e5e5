import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DomainEventHandler, DomainEventPublisher, HandlesDomainEvent } from './domain-events';
import { DomainEventsModule } from './in-process-domain-events';

class ThingPaid {
  constructor(readonly id: string) {}
}
class ThingLost {
  constructor(readonly id: string) {}
}

const log: string[] = [];
const context = new AsyncLocalStorage<string>();

@Injectable()
@HandlesDomainEvent(ThingPaid)
class RecordPaid implements DomainEventHandler<ThingPaid> {
  async handle(event: ThingPaid) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`recorded ${event.id} in ${context.getStore() ?? 'no context'}`);
  }
}

@Injectable()
@HandlesDomainEvent(ThingPaid)
class ThankPayer implements DomainEventHandler<ThingPaid> {
  async handle(event: ThingPaid) {
    if (event.id === 'bad') throw new Error('thanks failed');
    log.push(`thanked ${event.id}`);
  }
}

/** A subscriber in a module that does not import DomainEventsModule. */
@Module({ providers: [RecordPaid, ThankPayer] })
class SubscriberModule {}

describe('InProcessDomainEvents', () => {
  let events: DomainEventPublisher;

  beforeEach(async () => {
    log.length = 0;
    const moduleRef = await Test.createTestingModule({ imports: [DomainEventsModule, SubscriberModule] }).compile();
    events = moduleRef.get(DomainEventPublisher);
  });

  it('runs every handler of the event class, in turn, before publish resolves, in the caller’s context', async () => {
    await context.run('tx-1', () => events.publish(new ThingPaid('a')));
    expect(log).toEqual(['recorded a in tx-1', 'thanked a']);
  });

  it('rejects with a handler’s error, after the handlers before it ran', async () => {
    await expect(events.publish(new ThingPaid('bad'))).rejects.toThrow('thanks failed');
    expect(log).toEqual(['recorded bad in no context']);
  });

  it('drops an event nobody handles', async () => {
    await expect(events.publish(new ThingLost('x'))).resolves.toBeUndefined();
    expect(log).toEqual([]);
  });
});
