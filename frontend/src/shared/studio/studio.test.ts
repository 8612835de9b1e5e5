import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch } from '../../test/utils';
import { DEFAULT_STUDIO, fetchStudio, readInjectedStudio, type Studio } from './studio';

const harbour: Studio = {
  name: 'Harbour Light <Photography>',
  logoUrl: '/api/studio/logo?v=3',
  accentColor: '#0f766e',
  email: 'hello@harbourlight.test',
  phone: '+353 1 555 0100',
  address: '1 Quay Street, Galway',
  website: 'https://harbourlight.test',
  currency: 'EUR',
  timeZone: 'Europe/Dublin',
  locale: 'en-IE',
  bookingUrl: 'https://cal.test/harbour',
};

/** A document holding `<script type="application/json" id="studio-data">` with `json` in it, as the server sends it. */
function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'studio-data';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('readInjectedStudio', () => {
  it("reads the studio the server put into the page (its '<' written as \\u003c)", () => {
    const json = JSON.stringify(harbour).replace(/</g, '\\u003c');
    expect(json).not.toContain('<');
    expect(readInjectedStudio(pageWith(json))).toEqual(harbour);
  });

  it('null when the page has none (the dev server, tests)', () => {
    expect(readInjectedStudio(pageWith(null))).toBeNull();
  });

  it('malformed data gives the defaults', () => {
    expect(readInjectedStudio(pageWith('{"name": "Harbour'))).toEqual(DEFAULT_STUDIO);
    expect(readInjectedStudio(pageWith(''))).toEqual(DEFAULT_STUDIO);
    expect(readInjectedStudio(pageWith('[1,2]'))).toEqual(DEFAULT_STUDIO);
    expect(readInjectedStudio(pageWith('null'))).toEqual(DEFAULT_STUDIO);
  });

  it("a field of the wrong kind takes the default's value, the others are kept", () => {
    const studio = readInjectedStudio(
      pageWith(JSON.stringify({ ...harbour, name: 42, accentColor: 'teal', currency: 'euro', logoUrl: 7, locale: '' })),
    );
    expect(studio).toEqual({ ...harbour, name: 'Studio Portal', accentColor: '#1e3a8a', currency: 'USD', logoUrl: null, locale: 'en-US' });
  });

  it("the defaults are the spec's 'Studio Portal' in blue and US dollars", () => {
    expect(DEFAULT_STUDIO).toMatchObject({
      name: 'Studio Portal',
      accentColor: '#1e3a8a',
      currency: 'USD',
      locale: 'en-US',
      logoUrl: null,
    });
  });
});

describe('fetchStudio', () => {
  it('asks GET /api/studio (a page without the data: the dev server)', async () => {
    const spy = mockFetch({ 'GET /api/studio': { body: harbour } });
    expect(await fetchStudio()).toEqual(harbour);
    expect(callsTo(spy, 'GET /api/studio')).toHaveLength(1);
  });
});
