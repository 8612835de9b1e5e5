import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO, STUDIO_KEY } from '../../shared/studio';
import { shareStudioWithPortal, withPortalStudio } from './studioCache';

describe("the back office's studio and the portal's", () => {
  it("starts the back office from the portal's studio, and hands every later one back to the portal", () => {
    const portal = new QueryClient();
    portal.setQueryData(STUDIO_KEY, DEFAULT_STUDIO);
    const admin = withPortalStudio(new QueryClient(), portal);
    const stop = shareStudioWithPortal(admin, portal);
    expect(admin.getQueryData(STUDIO_KEY)).toEqual(DEFAULT_STUDIO);

    const harbour = { ...DEFAULT_STUDIO, name: 'Harbour Light Photography', currency: 'EUR', locale: 'en-IE' };
    admin.setQueryData(STUDIO_KEY, harbour);
    expect(portal.getQueryData(STUDIO_KEY)).toEqual(harbour);
    // another of the back office's queries is not the studio
    admin.setQueryData(['studio', 'settings'], { name: 'elsewhere' });
    expect(portal.getQueryData(STUDIO_KEY)).toEqual(harbour);

    stop();
    admin.setQueryData(STUDIO_KEY, DEFAULT_STUDIO);
    expect(portal.getQueryData(STUDIO_KEY)).toEqual(harbour);
  });
});
