/**
 * The real Billing over an in-memory invoice store, for the handler specs of the modules that ask billing
 * (projects, payments, credits): what is owed is decided by the real Invoice aggregate there too.
 */
import { ProjectSnapshots, WebhookEvents, type WebhookEventType } from '../../../shared/integrations/webhook-events';
import { immediateTx } from '../../../testing/in-memory';
import { RecordingEvents } from '../../../testing/in-memory-events';
import { FixedStudioSettings } from '../../studio/testing/fixed-studio-settings';
import { Billing } from '../application/billing';
import { InvoiceRepository } from '../application/ports/invoice.repository';
import { Invoice } from '../domain/invoice';

export class InMemoryInvoices extends InvoiceRepository {
  readonly rows = new Map<number, Invoice>();
  private last = 0;
  private postingIds = 0;

  private copy(invoice: Invoice): Invoice {
    const s = invoice.snapshot;
    return Invoice.restore(structuredClone({ ...s }) as typeof s);
  }

  async ofProject(projectId: number): Promise<Invoice | null> {
    const found = [...this.rows.values()].find((i) => i.projectId === projectId);
    return found ? this.copy(found) : null;
  }

  async byId(id: number): Promise<Invoice | null> {
    const found = this.rows.get(id);
    return found ? this.copy(found) : null;
  }

  async nextNumber(): Promise<number> {
    return ++this.last;
  }

  async save(invoice: Invoice): Promise<Invoice> {
    const stored = invoice.id ? invoice : invoice.withId(this.rows.size + 1);
    for (const p of stored.snapshot.postings) if (p.id === undefined) p.id = ++this.postingIds;
    stored.snapshot.schedule.forEach((inst, i) => {
      if (inst.id === undefined) (inst as { id?: number }).id = stored.id * 100 + i;
    });
    this.rows.set(stored.id, this.copy(stored));
    return this.copy(stored);
  }
}

export class RecordingWebhooks extends WebhookEvents {
  readonly emitted: Array<{ type: WebhookEventType; data: object | null }> = [];
  async emit(type: Exclude<WebhookEventType, 'ping'>, data: () => Promise<object | null>): Promise<void> {
    this.emitted.push({ type, data: await data() });
  }
}

class IdSnapshots extends ProjectSnapshots {
  async project(id: number): Promise<object | null> {
    return { id };
  }
}

export function billingWithFakes(studio = new FixedStudioSettings(), events = new RecordingEvents()) {
  const invoices = new InMemoryInvoices();
  const webhooks = new RecordingWebhooks();
  const billing = new Billing(invoices, immediateTx(), studio, events, webhooks, new IdSnapshots());
  return { billing, invoices, webhooks, events, studio };
}
