/** The studio module's public surface. */
export { StudioModule } from './studio.module';
export { StudioSettings, type StudioPatch } from './application/ports/studio-settings';
export { Studio, type StudioProps, type PublicStudioView, DEFAULT_STUDIO_PROPS } from './domain/studio';
export { renderStudioPage, type PublicStudio } from './infrastructure/http/studio-page';
