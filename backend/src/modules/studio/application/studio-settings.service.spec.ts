import sharp from 'sharp';
import type { AuditEntry, AuditTrail } from '../../../shared/audit/audit-trail';
import type { TransactionHost } from '../../../shared/transaction/transaction-host';
import { DEFAULT_STUDIO_PROPS, Studio, StudioProps } from '../domain/studio';
import { LogoResizer } from './ports/logo-resizer';
import { LogoStore } from './ports/logo-store';
import { StudioRepository } from './ports/studio.repository';
import { StudioSettingsService } from './studio-settings.service';

class MemoryStudio extends StudioRepository {
  props: StudioProps = { ...DEFAULT_STUDIO_PROPS, reminderDays: [...DEFAULT_STUDIO_PROPS.reminderDays] };
  uploads = 0;
  paid = false;
  async load() {
    return new Studio({ ...this.props });
  }
  async save(p: StudioProps) {
    this.props = { ...p, logoVersion: this.props.logoVersion };
    return this.load();
  }
  async allocateLogoVersion() {
    return ++this.uploads;
  }
  async setLogoVersion(v: number | null) {
    this.props = { ...this.props, logoVersion: v };
    return this.load();
  }
  async moneyHasMoved() {
    return this.paid;
  }
}

class MemoryLogos extends LogoStore {
  files = new Map<number, Buffer>();
  async put(v: number, png: Buffer) {
    this.files.set(v, png);
  }
  async get(v: number) {
    return this.files.get(v) ?? null;
  }
  async remove(v: number) {
    this.files.delete(v);
  }
}

class FakeResizer extends LogoResizer {
  async toLogoPng(bytes: Buffer) {
    return Buffer.concat([Buffer.from('png:'), bytes.subarray(0, 8)]);
  }
}

/** Runs the work as the real host does, and undoes the fake table's changes when it throws (a rollback). */
function setup() {
  const repo = new MemoryStudio();
  const logos = new MemoryLogos();
  const events: AuditEntry[] = [];
  let failAudit = false;
  const audit = {
    record: async (e: AuditEntry) => {
      if (failAudit) throw new Error('audit down');
      events.push(e);
    },
  } as AuditTrail;
  const tx = {
    run: async <T>(work: () => Promise<T>) => {
      const saved = { props: repo.props };
      try {
        return await work();
      } catch (e) {
        repo.props = saved.props;
        throw e;
      }
    },
  } as unknown as TransactionHost;
  const service = new StudioSettingsService(repo, tx, audit, logos, new FakeResizer());
  return { service, repo, logos, events, failAudit: () => (failAudit = true) };
}

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

describe('StudioSettingsService', () => {
  it('records one event naming the fields changed, none for a change that changes nothing', async () => {
    const { service, events } = setup();
    await service.update({ name: 'Harbour Light', taxRate: '23' }, 7);
    await service.update({ name: 'Harbour Light' }, 7);
    expect(events).toEqual([
      { action: 'studio.updated', targetType: 'studio', targetId: 1, summary: 'Changed the studio settings: name, taxRate' },
    ]);
  });

  it('records no actor for the first run (actorId null)', async () => {
    const { service, events } = setup();
    await service.update({ name: 'Harbour Light' }, null);
    expect(events[0].actor).toBeNull();
  });

  it('fixes the currency once money has moved, naming the current one', async () => {
    const { service, repo } = setup();
    await service.update({ currency: 'EUR' }, 1);
    repo.paid = true;
    await expect(service.update({ currency: 'GBP', name: 'X' }, 1)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'STUDIO.CURRENCY_LOCKED',
      message: "The currency can't be changed after the first payment: amounts already paid are in EUR.",
    });
    expect(repo.props).toMatchObject({ currency: 'EUR', name: 'Studio Portal' });
    await expect(service.update({ currency: 'eur', name: 'X' }, 1)).resolves.toMatchObject({ props: { currency: 'EUR', name: 'X' } });
  });

  it('keeps one logo file: the replaced one removed after the change, versions never reused', async () => {
    const { service, logos, repo } = setup();
    await service.changeLogo(await png());
    await service.changeLogo(await png());
    expect([...logos.files.keys()]).toEqual([2]);
    await service.removeLogo();
    expect(logos.files.size).toBe(0);
    expect(repo.props.logoVersion).toBeNull();
    await service.changeLogo(await png());
    expect(repo.props.logoVersion).toBe(3);
    expect((await service.logo())?.version).toBe(3);
  });

  it('leaves no new file and keeps the old logo when the change fails', async () => {
    const { service, logos, repo, failAudit } = setup();
    await service.changeLogo(await png());
    failAudit();
    await expect(service.changeLogo(await png())).rejects.toThrow('audit down');
    expect([...logos.files.keys()]).toEqual([1]);
    expect(repo.props.logoVersion).toBe(1);
  });

  it('refuses what is not a PNG or JPEG (415) and what is over 2 MB (413) before storing anything', async () => {
    const { service, logos } = setup();
    await expect(service.changeLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({
      kind: 'unsupported_type',
      message: 'The logo must be a PNG or JPEG image',
    });
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    await expect(service.changeLogo(big)).rejects.toMatchObject({ kind: 'too_large', message: 'The logo must be at most 2 MB' });
    expect(logos.files.size).toBe(0);
  });
});
