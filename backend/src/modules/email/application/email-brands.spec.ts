import sharp from 'sharp';
import type { AppConfig } from '../../../shared/config/app-config';
import { Studio } from '../../studio';
import { FixedStudioSettings } from '../../studio/testing/fixed-studio-settings';
import { EmailBrands, headerLogoSize, pngSize } from './email-brands';

describe('EmailBrands', () => {
  const config = { appUrl: 'https://portal.example' } as AppConfig;

  it('reads a PNG size from its header, and nothing from other bytes', async () => {
    const png = await sharp({ create: { width: 512, height: 128, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    expect(pngSize(png)).toEqual({ width: 512, height: 128 });
    expect(pngSize(Buffer.from('GIF89a......................'))).toBeNull();
  });

  it('fits the header logo in 200 × 48, keeping its shape, never enlarging it', () => {
    expect(headerLogoSize({ width: 512, height: 128 })).toEqual({ width: 192, height: 48 });
    expect(headerLogoSize({ width: 512, height: 64 })).toEqual({ width: 200, height: 25 });
    expect(headerLogoSize({ width: 40, height: 20 })).toEqual({ width: 40, height: 20 });
  });

  it("gives the logo's absolute, versioned address with its drawn size; none without a logo", async () => {
    const settings = new FixedStudioSettings({ name: 'Harbour Light Photography' });
    const brands = new EmailBrands(settings, config);
    expect((await brands.current()).logo).toBeNull();

    settings.logoBytes = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    settings.studio = new Studio({ ...settings.studio.props, logoVersion: 4 });
    const brand = await brands.current();
    expect(brand.studio.name).toBe('Harbour Light Photography');
    expect(brand.logo).toEqual({ url: 'https://portal.example/api/studio/logo?v=4', width: 144, height: 48 });
  });

  it('still brands the e-mail when the logo cannot be read, at the header size, and reads it again next time', async () => {
    const settings = new FixedStudioSettings({ logoVersion: 2 });
    const brands = new EmailBrands(settings, config);
    settings.logo = () => Promise.reject(new Error('storage down'));
    expect((await brands.current()).logo).toEqual({ url: 'https://portal.example/api/studio/logo?v=2', width: 200, height: 48 });
    settings.logo = async () => ({
      bytes: await sharp({ create: { width: 96, height: 48, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      contentType: 'image/png',
      version: 2,
    });
    expect((await brands.current()).logo).toMatchObject({ width: 96, height: 48 });
  });
});
