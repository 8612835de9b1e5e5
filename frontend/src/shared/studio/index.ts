export { DEFAULT_STUDIO, fetchStudio, readInjectedStudio, STUDIO_KEY, studioQuery, useStudio, type Studio } from './studio';
export { STUDIO_LOGO_PLACEHOLDER, STUDIO_NAME_PLACEHOLDER } from './placeholders';
