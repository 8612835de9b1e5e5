import { Studio, StudioSettings, type StudioPatch, type StudioProps } from '..';

/**
 * The studio's settings held in memory, for handler specs that show money or the studio's name (the
 * default studio unless told otherwise). `update` applies the patch without the real validation.
 */
export class FixedStudioSettings extends StudioSettings {
  studio: Studio;
  logoBytes: Buffer | null = null;

  constructor(props: Partial<StudioProps> = {}) {
    super();
    this.studio = new Studio({ ...Studio.default().props, ...props });
  }

  async current(): Promise<Studio> {
    return this.studio;
  }

  async logo() {
    const version = this.studio.props.logoVersion;
    return this.logoBytes && version !== null ? { bytes: this.logoBytes, contentType: 'image/png', version } : null;
  }

  async update(patch: StudioPatch): Promise<Studio> {
    this.studio = new Studio({ ...this.studio.props, ...patch, updatedAt: new Date() });
    return this.studio;
  }
}
